/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A compute call of {@link ConcurrentCuckooHashMap} whose key is moved while its function runs. The
 * call reserves the key and remembers its slot; the function runs with no lock held, so other
 * inserts go on meanwhile, and one of them may move the key along a cuckoo path, or grow the key's
 * segment. The result must be stored with the key wherever it now is, and every other key must keep
 * its value: a call that trusted the slot it remembered would write over whatever took its place.
 */
class ConcurrentCuckooComputeRaceTest {
  private static final long WAIT_SECONDS = 20;
  private static final int KEYS = 300;

  private final ExecutorService computer = Executors.newSingleThreadExecutor();
  private final CountDownLatch running = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);

  @AfterEach
  void releaseTheFunction() {
    release.countDown();
    computer.shutdownNow();
  }

  private static ConcurrentCuckooHashMap<Integer, Integer> filled() {
    ConcurrentCuckooHashMap<Integer, Integer> map = SmallCuckooMap.create();
    for (int i = 0; i < KEYS; i++) {
      map.put(i, i);
    }
    return map;
  }

  /** Returns the slot of {@code key} in its segment, or -1 if it is in the overflow area. */
  private static int slotOf(ConcurrentCuckooHashMap<Integer, Integer> map, Integer key) {
    ConcurrentCuckooTable t = map.segmentOf(key);
    long hash = t.hashOf(key);
    for (int i = 0; i < t.choices(); i++) {
      int slot = t.firstSlotOf(t.bucketOf(hash, i));
      if (t.isOccupied(slot) && key.equals(t.keyAt(slot))) {
        return slot;
      }
    }
    return -1;
  }

  @Test
  void aResultFollowsItsKeyMovedByAnotherInsertWhileTheFunctionRan() throws Exception {
    // an insert that moves a resident key, found on an identical map (one thread: same layout)
    for (int inserted = KEYS; ; inserted++) {
      ConcurrentCuckooHashMap<Integer, Integer> copy = filled();
      int[] before = new int[KEYS];
      for (int k = 0; k < KEYS; k++) {
        before[k] = slotOf(copy, k);
      }
      copy.put(inserted, inserted);
      for (int k = 0; k < KEYS; k++) {
        if (before[k] >= 0 && slotOf(copy, k) != before[k]) {
          ConcurrentCuckooHashMap<Integer, Integer> map = filled();
          Future<Integer> call = computeStoppedInItsFunction(map, k);
          int key = k;
          int newcomer = inserted;
          map.put(newcomer, newcomer);
          assertNotEquals(before[k], slotOf(map, key), "the insert moved the computed key");
          assertComputedValueStored(map, call, key, Map.of(newcomer, newcomer));
          return;
        }
      }
    }
  }

  @Test
  void aResultFollowsItsKeyIntoTheSegmentThatReplacedItsOwnWhileTheFunctionRan() throws Exception {
    ConcurrentCuckooHashMap<Integer, Integer> map = filled();
    int key = 7;
    Future<Integer> call = computeStoppedInItsFunction(map, key);
    assertComputedValueStored(map, call, key, growTheSegmentOf(map, key));
  }

  /** Puts new keys until the segment of {@code key} has been replaced; returns them. */
  private static Map<Integer, Integer> growTheSegmentOf(
      ConcurrentCuckooHashMap<Integer, Integer> map, int key) {
    ConcurrentCuckooTable segment = map.segmentOf(key);
    Map<Integer, Integer> added = new HashMap<>();
    for (int i = 10_000; map.segmentOf(key) == segment; i++) {
      map.put(i, i);
      added.put(i, i);
    }
    assertNotSame(segment, map.segmentOf(key), "the key's segment grew");
    return added;
  }

  /**
   * The key's reservation moves with it into the segment that replaced its own: a write of the key
   * that comes after the growth still waits for the function, and then follows the result.
   */
  @Test
  void aWriteOfTheKeyWaitsForTheCallAfterItsSegmentGrew() throws Exception {
    ConcurrentCuckooHashMap<Integer, Integer> map = filled();
    int key = 7;
    Future<Integer> call = computeStoppedInItsFunction(map, key);
    growTheSegmentOf(map, key);
    ExecutorService writer = Executors.newSingleThreadExecutor();
    try {
      Thread[] writing = new Thread[1];
      Future<Integer> write =
          writer.submit(
              () -> {
                writing[0] = Thread.currentThread();
                return map.put(key, -1);
              });
      awaitWaitingForTheCall(write, writing);
      release.countDown();
      assertEquals(key + 1000, call.get(WAIT_SECONDS, TimeUnit.SECONDS));
      assertEquals(key + 1000, write.get(WAIT_SECONDS, TimeUnit.SECONDS), "the write came after");
      assertEquals(-1, map.get(key));
    } finally {
      writer.shutdownNow();
    }
  }

  /** Waits until the write parks in {@link Reservation#await}; fails if it ends first. */
  private static void awaitWaitingForTheCall(Future<Integer> write, Thread[] writing)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
    for (; ; ) {
      assertFalse(write.isDone(), "the write did not wait for the compute call");
      Thread t = writing[0];
      if (t != null
          && t.getState() == Thread.State.WAITING
          && Arrays.stream(t.getStackTrace()).anyMatch(f -> f.getMethodName().equals("await"))) {
        return;
      }
      assertTrue(System.nanoTime() < deadline, "the write waits for the compute call");
      Thread.sleep(1);
    }
  }

  /** Starts {@code compute(key, v + 1000)} and waits until its function runs. */
  private Future<Integer> computeStoppedInItsFunction(
      ConcurrentCuckooHashMap<Integer, Integer> map, int key) throws Exception {
    Future<Integer> call =
        computer.submit(
            () ->
                map.compute(
                    key,
                    (k, v) -> {
                      running.countDown();
                      try {
                        release.await();
                      } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                      }
                      return v + 1000;
                    }));
    assertTrue(running.await(WAIT_SECONDS, TimeUnit.SECONDS), "the function started");
    return call;
  }

  private void assertComputedValueStored(
      ConcurrentCuckooHashMap<Integer, Integer> map,
      Future<Integer> call,
      int key,
      Map<Integer, Integer> added)
      throws Exception {
    release.countDown();
    assertEquals(key + 1000, call.get(WAIT_SECONDS, TimeUnit.SECONDS));
    Map<Integer, Integer> expected = new HashMap<>(added);
    for (int k = 0; k < KEYS; k++) {
      expected.put(k, k);
    }
    expected.put(key, key + 1000);
    assertEquals(expected, new HashMap<>(map));
    for (Map.Entry<Integer, Integer> e : expected.entrySet()) {
      assertEquals(e.getValue(), map.get(e.getKey()), "the value of " + e.getKey());
    }
    assertEquals(expected.size(), map.size());
  }
}
