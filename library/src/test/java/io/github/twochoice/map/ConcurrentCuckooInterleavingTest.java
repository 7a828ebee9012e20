/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Iterator;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * One interleaving of {@link ConcurrentCuckooHashMap}'s insert, held still rather than met by
 * chance: a thread whose key's buckets are full searches a cuckoo path without locks, and while it
 * is stopped inside that search (a resident key's {@code hashCode()} waits) another thread inserts
 * the same key. When the first thread goes on, it must find the key present under the lock and
 * replace its value, returning the other thread's value, as if its {@code put} came second; an
 * insert that trusted its search would add the key a second time or report it absent. Once for a
 * key that a path places, once for a key that no path can place and that goes to the overflow area;
 * and both again while the key's segment grows instead, after which the insert must start again on
 * the new segment; and once while the key its path would move is replaced, after which the insert
 * must find the path broken under the lock and search again; and once while one of the key's own
 * buckets frees after the search read it, after which the insert must take that slot rather than
 * apply its path; and for a key of a flood, once while one of its buckets frees (and again where
 * taking that slot fills the segment, which must then grow) and once while the map is cleared.
 */
class ConcurrentCuckooInterleavingTest {
  private static final long WAIT_SECONDS = 20;

  private final ExecutorService stalled = Executors.newSingleThreadExecutor();
  private final CountDownLatch searching = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final AtomicBoolean armed = new AtomicBoolean();
  private volatile Thread stalledThread;

  @AfterEach
  void releaseTheSearch() {
    release.countDown();
    stalled.shutdownNow();
  }

  /** A key whose {@code hashCode()} waits once, on the stalled thread inside a path search. */
  private final class WaitingKey extends HookedKey {
    WaitingKey(int value) {
      super(value);
    }

    WaitingKey(int value, int hash) {
      super(value, hash);
    }

    @Override
    void beforeHash() {
      if (Thread.currentThread() == stalledThread
          && calledFrom(CuckooPath.class, "search")
          && armed.getAndSet(false)) {
        pause(searching, release);
      }
    }
  }

  private static ConcurrentCuckooHashMap<WaitingKey, Integer> map() {
    return SmallCuckooMap.create();
  }

  /** Fills {@code map} with keys 0 to 299 and returns a key that needs a cuckoo path. */
  private WaitingKey fillAndFindAKeyThatNeedsAPath(ConcurrentCuckooHashMap<WaitingKey, Integer> m) {
    for (int i = 0; i < 300; i++) {
      m.put(new WaitingKey(i), i);
    }
    for (int i = 300; ; i++) {
      WaitingKey key = new WaitingKey(i);
      ConcurrentCuckooTable t = m.segmentOf(key);
      long hash = t.hashOf(key);
      if (!t.hasRoom(t.bucketOf(hash, 0)) && !t.hasRoom(t.bucketOf(hash, 1))) {
        ConcurrentCuckooHashMap<WaitingKey, Integer> copy = map();
        for (int j = 0; j < 300; j++) {
          copy.put(new WaitingKey(j), j);
        }
        long movedBefore = copy.cuckooStats().evictionPaths().length;
        copy.put(key, -1);
        if (copy.cuckooStats().evictionPaths().length > 1 || movedBefore > 1) {
          return key;
        }
      }
    }
  }

  @Test
  void anInsertWhoseKeyArrivesDuringItsPathSearchReplacesItsValue() throws Exception {
    ConcurrentCuckooHashMap<WaitingKey, Integer> map = map();
    WaitingKey key = fillAndFindAKeyThatNeedsAPath(map);
    putsRaceAtThePathSearch(map, key, 301);
  }

  /**
   * The same race for a key of a flood (keys of one hash code): its buckets are full of its equals
   * and no path exists, so after its search it goes to the overflow area, under the lock.
   */
  @Test
  void anOverflowInsertWhoseKeyArrivesDuringItsPathSearchReplacesItsValue() throws Exception {
    ConcurrentCuckooHashMap<WaitingKey, Integer> map = map();
    for (int i = 0; i < 4; i++) {
      map.put(new WaitingKey(i, 7), i);
    }
    assertEquals(2, map.loadStats().overflow(), "two keys in the buckets, two overflow");
    putsRaceAtThePathSearch(map, new WaitingKey(4, 7), 5);
    assertEquals(3, map.loadStats().overflow());
  }

  /**
   * An insert whose segment is replaced by a growth during its path search: its lock of the old
   * segment fails, and it must start again on the new one rather than report the key inserted.
   */
  @Test
  void anInsertWhoseSegmentGrowsDuringItsPathSearchStartsAgainOnTheNewOne() throws Exception {
    ConcurrentCuckooHashMap<WaitingKey, Integer> map = map();
    WaitingKey key = fillAndFindAKeyThatNeedsAPath(map);
    growsDuringThePathSearch(map, key);
  }

  /** The same for a key of a flood, whose insert goes to the overflow area. */
  @Test
  void anOverflowInsertWhoseSegmentGrowsDuringItsPathSearchStartsAgainOnTheNewOne()
      throws Exception {
    ConcurrentCuckooHashMap<WaitingKey, Integer> map = map();
    for (int i = 0; i < 4; i++) {
      map.put(new WaitingKey(i, 7), i);
    }
    growsDuringThePathSearch(map, new WaitingKey(4, 7));
  }

  /**
   * A key of a flood whose bucket frees during its path search: no path exists, so it goes on
   * towards the overflow area, and under the lock it finds the free slot and takes it instead.
   */
  @Test
  void anOverflowInsertWhoseBucketFreesDuringItsPathSearchTakesTheSlot() throws Exception {
    ConcurrentCuckooHashMap<WaitingKey, Integer> map = map();
    for (int i = 0; i < 4; i++) {
      map.put(new WaitingKey(i, 7), i);
    }
    WaitingKey inBucket = new WaitingKey(0, 7);
    WaitingKey key = new WaitingKey(4, 7);
    Future<Integer> insert = putStoppedInItsPathSearch(map, key);
    assertEquals(0, map.remove(inBucket));
    assertEquals(2, map.loadStats().overflow(), "the removed key was in a bucket");
    release.countDown();
    assertNull(insert.get(WAIT_SECONDS, TimeUnit.SECONDS), "the key was absent");
    assertEquals(1, map.get(key));
    assertEquals(4, map.size());
    assertEquals(2, map.loadStats().overflow(), "the key took the free slot, not the overflow");
  }

  /**
   * The same, in a segment one key short of full: the insert that takes the freed slot (in the
   * segment's first bucket) is the one that fills the segment, and it must grow it, as every insert
   * that fills a segment does.
   */
  @Test
  void anOverflowInsertThatTakesAFreedSlotAndFillsItsSegmentGrowsIt() throws Exception {
    ConcurrentCuckooHashMap<WaitingKey, Integer> map =
        ConcurrentCuckooHashMap.builder()
            .slotsPerBucket(4)
            .expectedSize(400)
            .lockStripes(1)
            .seed(9)
            .build();
    int floodHashCode = floodWhoseFirstBucketIsTheSegmentsFirst(map);
    WaitingKey inBucket = new WaitingKey(0, floodHashCode);
    ConcurrentCuckooTable t = map.segmentOf(inBucket);
    long floodHash = t.hashOf(inBucket);
    int[] floodBuckets = {t.bucketOf(floodHash, 0), t.bucketOf(floodHash, 1)};
    for (int i = 0; i < 9; i++) {
      map.put(new WaitingKey(i, floodHashCode), i); // eight fill the two buckets, one overflows
    }
    assertEquals(1, t.overflowSize());
    double room = t.slots() * map.loadFactor();
    long full = (long) Math.ceil(room + ConcurrentDirectory.PRESIZED_SPREAD * Math.sqrt(room));
    Iterator<WaitingKey> fillers =
        IntStream.iterate(1_000, i -> i + 1)
            .mapToObj(WaitingKey::new)
            .filter(k -> map.segmentOf(k) == t && usesNone(t, k, floodBuckets))
            .iterator();
    while (t.keysInBuckets() + t.overflowSize() < full - 1) {
      WaitingKey filler = fillers.next();
      map.put(filler, filler.value);
    }
    WaitingKey key = new WaitingKey(9, floodHashCode);
    Future<Integer> insert = putStoppedInItsPathSearch(map, key);
    assertEquals(0, map.remove(inBucket));
    WaitingKey last = fillers.next();
    map.put(last, last.value);
    assertSame(t, map.segmentOf(key), "one key short of full, the segment has not grown");
    assertEquals(full - 1, t.keysInBuckets() + t.overflowSize());
    int sizeBefore = map.size();
    release.countDown();
    assertNull(insert.get(WAIT_SECONDS, TimeUnit.SECONDS), "the key was absent");
    assertNotSame(t, map.segmentOf(key), "the insert that filled the segment grew it");
    assertEquals(1, map.get(key));
    assertEquals(sizeBefore + 1, map.size());
  }

  /**
   * Returns a hash code whose keys' first bucket is their segment's first, bucket 0, and whose
   * second is another.
   */
  private int floodWhoseFirstBucketIsTheSegmentsFirst(
      ConcurrentCuckooHashMap<WaitingKey, Integer> map) {
    for (int hashCode = 1; ; hashCode++) {
      WaitingKey key = new WaitingKey(0, hashCode);
      ConcurrentCuckooTable t = map.segmentOf(key);
      long hash = t.hashOf(key);
      if (t.bucketOf(hash, 0) == 0 && t.bucketOf(hash, 1) != 0) {
        return hashCode;
      }
    }
  }

  private static boolean usesNone(ConcurrentCuckooTable t, WaitingKey key, int[] buckets) {
    long hash = t.hashOf(key);
    for (int i = 0; i < t.choices(); i++) {
      int bucket = t.bucketOf(hash, i);
      if (bucket == buckets[0] || bucket == buckets[1]) {
        return false;
      }
    }
    return true;
  }

  /**
   * A key of a flood whose map is cleared during its path search: its segment, retired by the
   * clear, still holds the keys it held and is not crowded, so the insert goes on to the overflow
   * area and finds the segment's lock refused; it must start again in the cleared map.
   */
  @Test
  void anOverflowInsertWhoseMapIsClearedDuringItsPathSearchStartsAgainInTheClearedMap()
      throws Exception {
    ConcurrentCuckooHashMap<WaitingKey, Integer> map = map();
    for (int i = 0; i < 4; i++) {
      map.put(new WaitingKey(i, 7), i);
    }
    WaitingKey key = new WaitingKey(4, 7);
    Future<Integer> insert = putStoppedInItsPathSearch(map, key);
    map.clear();
    release.countDown();
    assertNull(insert.get(WAIT_SECONDS, TimeUnit.SECONDS), "the key was absent");
    assertEquals(1, map.get(key), "inserted into the cleared map");
    assertEquals(1, map.size());
  }

  /**
   * A path that breaks during its search: the stalled insert has read the key of its first bucket
   * and waits while hashing it; meanwhile that key is removed and another takes its slot. The path
   * found moves the key it saw, which is gone, so the insert must check the path under the lock,
   * find it broken and search again; applying it would move the newcomer out of its own buckets.
   */
  @Test
  void anInsertWhosePathBreaksDuringItsSearchSearchesAgain() throws Exception {
    ConcurrentCuckooHashMap<WaitingKey, Integer> map = map();
    HashMap<WaitingKey, Integer> expected = new HashMap<>();
    for (int i = 0; i < 300; i++) {
      map.put(new WaitingKey(i), i);
      expected.put(new WaitingKey(i), i);
    }
    ConcurrentCuckooTable t = map.segmentOf(new WaitingKey(0));
    for (int i = 300; i < 100_000; i++) {
      WaitingKey key = new WaitingKey(i);
      long hash = t.hashOf(key);
      int first = t.bucketOf(hash, 0);
      int second = t.bucketOf(hash, 1);
      if (map.segmentOf(key) != t || first == second || t.hasRoom(first) || t.hasRoom(second)) {
        continue;
      }
      WaitingKey seen = (WaitingKey) t.keyAt(t.firstSlotOf(first));
      int seenMovesTo = otherBucket(t, seen, first);
      if (!t.hasRoom(seenMovesTo)) {
        continue; // the path would be longer than the one step this test breaks
      }
      WaitingKey newcomer = newcomerOf(map, t, first, seenMovesTo);
      Future<Integer> insert = putStoppedInItsPathSearch(map, key);
      assertEquals(seen.value, map.remove(seen));
      assertNull(map.put(newcomer, -1));
      assertSame(newcomer, t.keyAt(t.firstSlotOf(first)), "the newcomer took the seen key's slot");
      release.countDown();
      assertNull(insert.get(WAIT_SECONDS, TimeUnit.SECONDS), "the key was absent");
      expected.remove(seen);
      expected.put(newcomer, -1);
      expected.put(key, 1);
      assertEquals(expected, new HashMap<>(map));
      for (var e : expected.entrySet()) {
        assertEquals(e.getValue(), map.get(e.getKey()), "the value of " + e.getKey());
      }
      return;
    }
    throw new AssertionError("no key whose first bucket's key could move in one step");
  }

  /**
   * A key's own bucket frees after its path search has read it: the insert, stopped while hashing
   * that bucket's key (the first its search hashes), goes on to find a path through its other
   * bucket; meanwhile that key is removed. Under the lock the insert must see the free slot and
   * take it, moving nothing, rather than apply the path it found. The freed bucket is the table's
   * first, bucket 0.
   */
  @Test
  void anInsertWhoseOwnBucketFreesAfterItsSearchReadItTakesTheSlotAndMovesNothing()
      throws Exception {
    for (int filled = 300; filled <= 390; filled += 10) {
      ConcurrentCuckooHashMap<WaitingKey, Integer> map = map();
      for (int i = 0; i < filled; i++) {
        map.put(new WaitingKey(i), i);
      }
      ConcurrentCuckooTable t = map.segmentOf(new WaitingKey(0));
      if (t.hasRoom(0)) {
        continue;
      }
      WaitingKey inFirst = (WaitingKey) t.keyAt(t.firstSlotOf(0));
      if (t.hasRoom(otherBucket(t, inFirst, 0))) {
        continue; // the path must not go through bucket 0's key
      }
      for (int i = 1_000; i < 1_000_000; i++) {
        WaitingKey key = new WaitingKey(i);
        long hash = t.hashOf(key);
        int other = t.bucketOf(hash, 1);
        if (map.segmentOf(key) != t || t.bucketOf(hash, 0) != 0 || other == 0) {
          continue;
        }
        WaitingKey inOther = (WaitingKey) t.keyAt(t.firstSlotOf(other));
        if (t.hasRoom(other) || !t.hasRoom(otherBucket(t, inOther, other))) {
          continue; // the path goes through the other bucket, in one move
        }
        long[] pathsBefore = map.cuckooStats().evictionPaths();
        Future<Integer> insert = putStoppedInItsPathSearch(map, key);
        assertEquals(inFirst.value, map.remove(inFirst));
        release.countDown();
        assertNull(insert.get(WAIT_SECONDS, TimeUnit.SECONDS), "the key was absent");
        assertEquals(key, t.keyAt(t.firstSlotOf(0)), "the key took the freed slot");
        assertSame(inOther, t.keyAt(t.firstSlotOf(other)), "the path's key did not move");
        long[] pathsAfter = map.cuckooStats().evictionPaths();
        assertEquals(pathsBefore[0] + 1, pathsAfter[0], "an insert that moved no key");
        assertEquals(
            pathsBefore.length > 1 ? pathsBefore[1] : 0,
            pathsAfter.length > 1 ? pathsAfter[1] : 0,
            "no insert of one move");
        return;
      }
    }
    throw new AssertionError("no key of bucket 0 whose path runs through its other bucket");
  }

  /** A key absent from {@code map} whose first bucket is {@code bucket} and never {@code not}. */
  private WaitingKey newcomerOf(
      ConcurrentCuckooHashMap<WaitingKey, Integer> map,
      ConcurrentCuckooTable t,
      int bucket,
      int not) {
    for (int i = 100_000; ; i++) {
      WaitingKey key = new WaitingKey(i);
      long hash = t.hashOf(key);
      if (map.segmentOf(key) == t && t.bucketOf(hash, 0) == bucket && t.bucketOf(hash, 1) != not) {
        return key;
      }
    }
  }

  private static int otherBucket(ConcurrentCuckooTable t, WaitingKey key, int bucket) {
    long hash = t.hashOf(key);
    int first = t.bucketOf(hash, 0);
    return first != bucket ? first : t.bucketOf(hash, 1);
  }

  private void growsDuringThePathSearch(
      ConcurrentCuckooHashMap<WaitingKey, Integer> map, WaitingKey key) throws Exception {
    ConcurrentCuckooTable segment = map.segmentOf(key);
    Future<Integer> first = putStoppedInItsPathSearch(map, key);
    int added = 0;
    for (int i = 100_000; map.segmentOf(key) == segment; i++) {
      WaitingKey other = new WaitingKey(i);
      if (map.segmentOf(other) == segment) {
        map.put(other, i);
        added++;
      }
    }
    int sizeBefore = map.size();
    release.countDown();
    assertNull(first.get(WAIT_SECONDS, TimeUnit.SECONDS), "the key was absent");
    assertEquals(1, map.get(key), "inserted into the new segment");
    assertEquals(sizeBefore + 1, map.size());
    assertTrue(added > 0);
  }

  /** Starts {@code put(key, 1)} on the stalled thread and waits until it stops in its search. */
  private Future<Integer> putStoppedInItsPathSearch(
      ConcurrentCuckooHashMap<WaitingKey, Integer> map, WaitingKey key) throws Exception {
    armed.set(true);
    Future<Integer> first =
        stalled.submit(
            () -> {
              stalledThread = Thread.currentThread();
              return map.put(new WaitingKey(key.value, key.hash), 1);
            });
    assertTrue(searching.await(WAIT_SECONDS, TimeUnit.SECONDS), "the path search started");
    return first;
  }

  private void putsRaceAtThePathSearch(
      ConcurrentCuckooHashMap<WaitingKey, Integer> map, WaitingKey key, int sizeAfter)
      throws Exception {
    Future<Integer> first = putStoppedInItsPathSearch(map, key);
    assertNull(map.put(new WaitingKey(key.value, key.hash), 2), "absent for the second put");
    release.countDown();
    assertEquals(2, first.get(WAIT_SECONDS, TimeUnit.SECONDS), "the first put came second");
    assertEquals(1, map.get(key));
    assertEquals(sizeAfter, map.size());
    assertEquals(sizeAfter, new HashMap<>(map).size(), "the key is in the map once");
  }
}
