/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link CuckooPath} on the two answers that an insert of {@link ConcurrentCuckooHashMap} meets
 * only when another thread frees a slot between the insert's lock and its search, driven here on
 * one thread: one of the key's own buckets has room, or a bucket the search queued as full has lost
 * a key by the time the search reads it. Either way the path is the bucket with room, no key moves,
 * and the path still holds. And a search that cannot read a bucket while a writer holds its stripe
 * gives up.
 */
class CuckooPathTest {
  private static final int PATH_SEARCH_LIMIT = 512;

  private final ConcurrentCuckooHashMap<HookKey, Integer> map = SmallCuckooMap.create();

  private final CuckooPath path = new CuckooPath();

  private ConcurrentCuckooTable table;

  /** Runs once, on the first {@code hashCode()} of a key after it is set. */
  private Runnable onNextHash;

  /** A key that runs {@link #onNextHash} when it is hashed. */
  private final class HookKey extends HookedKey {
    HookKey(int value) {
      super(value);
    }

    @Override
    void beforeHash() {
      Runnable hook = onNextHash;
      if (hook != null) {
        onNextHash = null;
        hook.run();
      }
    }
  }

  @BeforeEach
  void fill() {
    for (int i = 0; i < 300; i++) {
      map.put(new HookKey(i), i);
    }
    table = map.segmentOf(new HookKey(0));
  }

  @Test
  void aKeyWhoseSecondBucketHasRoomNeedsNoMove() {
    for (int i = 300; i < 10_000; i++) {
      HookKey key = new HookKey(i);
      long hash = table.hashOf(key);
      int first = table.bucketOf(hash, 0);
      int second = table.bucketOf(hash, 1);
      if (map.segmentOf(key) == table
          && first != second
          && !table.hasRoom(first)
          && table.hasRoom(second)) {
        assertRootWithRoom(path.search(table, hash, PATH_SEARCH_LIMIT), second);
        return;
      }
    }
    throw new AssertionError("no key with a full first bucket and room in its second");
  }

  /**
   * Both buckets of the key are full when the search queues them; while it hashes the key of the
   * first, the key of the second is removed, so the search finds that bucket's slot empty when it
   * reads it.
   */
  @Test
  void aSlotFreedInAQueuedBucketEndsTheSearchThere() {
    for (int i = 300; i < 10_000; i++) {
      HookKey key = new HookKey(i);
      long hash = table.hashOf(key);
      int first = table.bucketOf(hash, 0);
      int second = table.bucketOf(hash, 1);
      if (map.segmentOf(key) != table
          || first == second
          || table.hasRoom(first)
          || table.hasRoom(second)) {
        continue;
      }
      HookKey resident = (HookKey) table.keyAt(table.firstSlotOf(first));
      if (table.hasRoom(otherBucket(resident, first))) {
        continue; // the search would end at that bucket before it reads the second
      }
      HookKey removed = (HookKey) table.keyAt(table.firstSlotOf(second));
      onNextHash = () -> assertEquals(removed.value, map.remove(removed));
      int end = path.search(table, hash, PATH_SEARCH_LIMIT);
      assertNull(onNextHash, "the search hashed the first bucket's key");
      assertRootWithRoom(end, second);
      return;
    }
    throw new AssertionError("no key with two full buckets, the first's key unable to move");
  }

  /**
   * A search that cannot read a bucket's keys, because a writer holds the stripe for longer than
   * the search's optimistic reads last, gives up rather than answer a path it could not check.
   */
  @Test
  void aSearchThatCannotReadABucketGivesUp() {
    for (int i = 300; i < 10_000; i++) {
      HookKey key = new HookKey(i);
      long hash = table.hashOf(key);
      if (map.segmentOf(key) != table
          || table.hasRoom(table.bucketOf(hash, 0))
          || table.hasRoom(table.bucketOf(hash, 1))) {
        continue;
      }
      int stripe = table.stripeOf(hash);
      assertTrue(table.lock(stripe));
      try {
        assertEquals(CuckooPath.GAVE_UP, path.search(table, hash, PATH_SEARCH_LIMIT));
      } finally {
        table.unlock(stripe, false);
      }
      assertTrue(path.search(table, hash, PATH_SEARCH_LIMIT) != CuckooPath.GAVE_UP, "unheld");
      return;
    }
    throw new AssertionError("no key with two full buckets");
  }

  private void assertRootWithRoom(int end, int bucket) {
    assertTrue(end >= 0, "a path was found");
    assertEquals(0, path.moves(end), "no key moves");
    assertTrue(path.holds(table, end), "the path holds");
    assertEquals(bucket, path.apply(table, end), "the path is the bucket with room");
  }

  private int otherBucket(HookKey resident, int bucket) {
    long hash = table.hashOf(resident);
    int a = table.bucketOf(hash, 0);
    return a != bucket ? a : table.bucketOf(hash, 1);
  }
}
