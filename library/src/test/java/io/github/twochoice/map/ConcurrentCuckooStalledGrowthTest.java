/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What {@link ConcurrentCuckooHashMap} promises while one segment grows: readers of every key,
 * {@code size()}, snapshots, writers of the other segments and writes of the growing segment that
 * change nothing (a {@code putIfAbsent} of a present key, a {@code remove} of an absent one) carry
 * on; only writers that change the growing segment wait, and they find their keys in the new
 * segments once it ends. The growth is held still by a {@code hashCode()} that waits while a growth
 * copies its key, as a slow {@code hashCode()} would, so that each claim is checked at one known
 * moment rather than by chance.
 */
class ConcurrentCuckooStalledGrowthTest {
  private static final long WAIT_SECONDS = 20;

  private final ExecutorService others = Executors.newCachedThreadPool();
  private final CountDownLatch growing = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private volatile Thread grower;

  @AfterEach
  void releaseTheGrowth() {
    release.countDown();
    others.shutdownNow();
  }

  /** A key whose {@code hashCode()}, on the grower's thread inside a growth's copy, waits. */
  private final class WaitingKey extends HookedKey {
    WaitingKey(int value) {
      super(value);
    }

    @Override
    void beforeHash() {
      if (Thread.currentThread() == grower && calledFrom(ConcurrentCuckooTable.class, "copyInto")) {
        pause(growing, release);
      }
    }
  }

  @Test
  void readersSizeSnapshotsAndOtherSegmentsCarryOnWhileASegmentGrows() throws Exception {
    ConcurrentCuckooHashMap<WaitingKey, Integer> map =
        ConcurrentCuckooHashMap.builder().seed(7).splitKeys(64).build();
    Map<WaitingKey, Integer> expected = new HashMap<>();
    for (int i = 0; i < 1_000; i++) {
      map.put(new WaitingKey(i), i);
      expected.put(new WaitingKey(i), i);
    }
    int[] stuck = {-1};
    Thread thread =
        new Thread(
            () -> {
              for (int i = 1_000; growing.getCount() > 0; i++) {
                stuck[0] = i;
                map.put(new WaitingKey(i), i);
              }
            },
            "grower");
    grower = thread;
    thread.start();
    assertTrue(growing.await(WAIT_SECONDS, TimeUnit.SECONDS), "no growth started");
    StackTraceElement[] stack = thread.getStackTrace();
    assertTrue(calls(stack, "grow"), "the grower waits inside a growth");
    for (int i = 1_000; i < stuck[0]; i++) {
      expected.put(new WaitingKey(i), i);
    }
    WaitingKey stuckKey = new WaitingKey(stuck[0]);
    if (calls(stack, "growIfFull")) { // a growth for the load follows the insert that caused it
      expected.put(stuckKey, stuck[0]);
    }
    ConcurrentCuckooTable frozen = map.segmentOf(stuckKey);

    assertEquals(expected.size(), (int) soon(() -> map.size()), "size during the growth");
    assertEquals(expected, soon(() -> new HashMap<>(map)), "a snapshot during the growth");
    for (Map.Entry<WaitingKey, Integer> e : expected.entrySet()) {
      assertEquals(e.getValue(), map.get(e.getKey()), "get during the growth");
    }

    WaitingKey elsewhere = keyOutside(map, frozen, 5_000);
    assertEquals(null, soon(() -> map.put(elsewhere, -1)), "a put in another segment");
    assertEquals(-1, (int) soon(() -> map.remove(elsewhere)), "a remove in another segment");

    assertTrue(frozen.isOccupied(0), "a key in the growing segment's first slot");
    WaitingKey present = (WaitingKey) frozen.keyAt(0);
    assertEquals(
        expected.get(present),
        soon(() -> map.putIfAbsent(present, -3)),
        "putIfAbsent of the key in the growing segment's first slot: a read decides");
    WaitingKey absent = keyInside(map, frozen, 6_000);
    assertEquals(
        null,
        soon(() -> map.remove(absent)),
        "remove of a key of the growing segment, which is absent: a read decides");

    WaitingKey inside = keyInside(map, frozen, 5_000);
    Future<Integer> waiting = others.submit(() -> map.put(inside, -2));
    TimeUnit.MILLISECONDS.sleep(200);
    assertFalse(waiting.isDone(), "a put into the growing segment waits for the growth");
    assertSame(frozen, map.segmentOf(stuckKey), "the segment is replaced only when its copy ends");

    release.countDown();
    expected.put(stuckKey, stuck[0]);
    thread.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
    assertFalse(thread.isAlive());
    assertEquals(null, waiting.get(WAIT_SECONDS, TimeUnit.SECONDS));
    expected.put(inside, -2);
    assertNotSame(frozen, map.segmentOf(stuckKey), "the grown segment replaced it");
    assertEquals(expected, map);
    assertEquals(expected.size(), map.size());
  }

  private static boolean calls(StackTraceElement[] stack, String method) {
    return Arrays.stream(stack)
        .anyMatch(
            f ->
                f.getClassName().equals(ConcurrentDirectory.class.getName())
                    && f.getMethodName().equals(method));
  }

  /** Runs {@code call} on another thread and returns its result, failing if it does not end. */
  private <T> T soon(java.util.function.Supplier<T> call) throws Exception {
    return CompletableFuture.supplyAsync(call, others).get(WAIT_SECONDS, TimeUnit.SECONDS);
  }

  private WaitingKey keyOutside(
      ConcurrentCuckooHashMap<WaitingKey, Integer> map, ConcurrentCuckooTable segment, int from) {
    for (int i = from; ; i++) {
      WaitingKey key = new WaitingKey(i);
      if (map.segmentOf(key) != segment) {
        return key;
      }
    }
  }

  private WaitingKey keyInside(
      ConcurrentCuckooHashMap<WaitingKey, Integer> map, ConcurrentCuckooTable segment, int from) {
    for (int i = from; ; i++) {
      WaitingKey key = new WaitingKey(i);
      if (map.segmentOf(key) == segment) {
        return key;
      }
    }
  }
}
