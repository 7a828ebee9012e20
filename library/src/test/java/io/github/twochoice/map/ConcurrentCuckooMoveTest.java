/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.hash.ChoiceHasher;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The cuckoo move seen by a lock-free lookup, at the level of {@link ConcurrentCuckooTable}: one
 * writer moves a key back and forth between its two buckets, under the key's stripe, while a reader
 * looks it up; the key is present throughout, so every lookup must find it with its value.
 *
 * <p>The map-level stress test ({@link ConcurrentCuckooStressTest}) moves its stable keys only now
 * and then, among many other keys; here every write is a move of the key being read. A lookup that
 * trusts a miss without validating it (it read one bucket before a move and the other after the
 * move back) fails this test within a fraction of a second, where the stress test and Lincheck
 * passed.
 */
class ConcurrentCuckooMoveTest {
  private static final long SEED = 0xC0FFEEL;
  private static final int BUCKETS = 64;

  @Test
  void aKeyMovedBackAndForthIsAlwaysFound() throws InterruptedException {
    aKeyMovedBackAndForthIsAlwaysFound(Duration.ofSeconds(1));
  }

  @Test
  @Tag("slow")
  void aKeyMovedBackAndForthIsAlwaysFoundForLong() throws InterruptedException {
    aKeyMovedBackAndForthIsAlwaysFound(Duration.ofSeconds(ConcurrentCuckooStressTest.SLOW_SECONDS));
  }

  private static void aKeyMovedBackAndForthIsAlwaysFound(Duration duration)
      throws InterruptedException {
    ConcurrentCuckooTable table =
        new ConcurrentCuckooTable(2, 8, BUCKETS, 4, 0, 0, false, ChoiceHasher.seeded(SEED), null);
    Key key = keyWithTwoBuckets(table);
    long hash = table.hashOf(key);
    int[] buckets = {table.bucketOf(hash, 0), table.bucketOf(hash, 1)};
    int stripe = table.stripeOf(hash);
    String value = "value";
    assertTrue(table.lock(stripe));
    table.store(buckets[0], BucketTable.tagOf(hash), key, value);
    table.unlock(stripe, true);

    AtomicLong moves = new AtomicLong();
    AtomicLong lookups = new AtomicLong();
    int[] where = {0}; // the writer's own record of the key's bucket
    Race race = new Race(SEED);
    race.thread(
        "mover",
        random -> {
          for (int n = 0; n < 10_000; n++) {
            int from = buckets[where[0]];
            int to = buckets[1 - where[0]];
            assertTrue(table.lock(stripe));
            table.move(table.firstSlotOf(from), to);
            table.unlock(stripe, true);
            where[0] = 1 - where[0];
          }
          moves.addAndGet(10_000);
        });
    race.thread(
        "reader",
        random -> {
          for (int n = 0; n < 10_000; n++) {
            Object found = table.get(hash, Key.spread(key.id())); // an equal copy
            if (found != value) {
              throw new AssertionError("a key being moved read as " + found);
            }
          }
          lookups.addAndGet(10_000);
        });
    race.runFor(duration);
    assertTrue(moves.get() > 0 && lookups.get() > 0, "both threads ran");
  }

  /** Returns the first key whose two buckets differ. */
  private static Key keyWithTwoBuckets(ConcurrentCuckooTable table) {
    for (int i = 0; ; i++) {
      long hash = table.hashOf(Key.spread(i));
      if (table.bucketOf(hash, 0) != table.bucketOf(hash, 1)) {
        return Key.spread(i);
      }
    }
  }
}
