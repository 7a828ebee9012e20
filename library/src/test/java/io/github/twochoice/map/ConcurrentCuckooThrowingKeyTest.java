/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * A key whose {@code equals} throws inside a write of {@link ConcurrentCuckooHashMap}, at the last
 * call the write makes, which it makes while it holds the key's stripe: the write fails with the
 * exception, the map keeps exactly the mappings it had, and the stripe and the key are free for the
 * next write. The keys share one hash code, so that four of them fill their two buckets of two
 * slots and the rest wait in the overflow area, where {@code equals} runs under the lock. A dry run
 * on an identical map counts the calls the write makes.
 */
class ConcurrentCuckooThrowingKeyTest {
  private static final Duration PATIENCE = Duration.ofSeconds(20);
  private static final int FLOOD = 20;
  private static final int HASH = 7;

  /**
   * A key equal to the keys of the same id; its {@code equals} counts its calls. Comparable, so
   * that the overflow area's tree of equal hash codes has the same shape, and a write the same
   * calls, in every run (without, its order falls back on identity hash codes).
   */
  static final class CountingKey implements Comparable<CountingKey> {
    final int id;
    int calls;
    int failAt = -1;

    /** An object whose comparison with this key throws, or null. */
    Object failOn;

    CountingKey(int id) {
      this.id = id;
    }

    @Override
    public boolean equals(Object o) {
      if (++calls == failAt || (o == failOn && o != null)) {
        throw new IllegalStateException("equals failed");
      }
      return o instanceof CountingKey other && other.id == id;
    }

    @Override
    public int hashCode() {
      return HASH;
    }

    @Override
    public int compareTo(CountingKey other) {
      return Integer.compare(id, other.id);
    }

    @Override
    public String toString() {
      return "key " + id;
    }
  }

  /** A sparse map with {@link #FLOOD} keys of one hash code: 4 in buckets, 16 in the overflow. */
  private static ConcurrentCuckooHashMap<CountingKey, Integer> flooded() {
    ConcurrentCuckooHashMap<CountingKey, Integer> map =
        ConcurrentCuckooHashMap.builder()
            .slotsPerBucket(2)
            .expectedSize(1000)
            .lockStripes(1)
            .seed(5)
            .build();
    for (int i = 0; i < FLOOD; i++) {
      map.put(new CountingKey(i), i);
    }
    assertEquals(FLOOD - 4, map.loadStats().overflow());
    return map;
  }

  @Test
  void aPutOfAKeyInTheOverflowArea() {
    failsAtItsLastEquals(FLOOD - 1, (map, key) -> map.put(key, -1));
  }

  @Test
  void aRemovalOfAKeyInTheOverflowArea() {
    failsAtItsLastEquals(FLOOD - 1, Map::remove);
  }

  @Test
  void aComputeCallOnAKeyInTheOverflowArea() {
    failsAtItsLastEquals(FLOOD - 1, (map, key) -> map.compute(key, (k, v) -> v + 1));
  }

  @Test
  void anInsertIntoTheOverflowArea() {
    failsAtItsLastEquals(FLOOD, (map, key) -> map.put(key, -1));
  }

  @Test
  void aComputeIfAbsentThatInsertsIntoTheOverflowArea() {
    failsAtItsLastEquals(FLOOD, (map, key) -> map.computeIfAbsent(key, k -> -1));
  }

  /**
   * A write whose optimistic attempts all meet its stripe held by another writer takes the stripe
   * when that writer leaves; its first {@code equals} then runs under the stripe it took (while the
   * stripe is held, an attempt compares no key). That one fails.
   */
  @Test
  void aPutThatWaitedForItsStripe() throws Exception {
    failsAfterWaitingForItsStripe((map, key) -> map.put(key, -1));
  }

  @Test
  void aRemovalThatWaitedForItsStripe() throws Exception {
    failsAfterWaitingForItsStripe(Map::remove);
  }

  @Test
  void aComputeCallThatWaitedForItsStripe() throws Exception {
    failsAfterWaitingForItsStripe((map, key) -> map.compute(key, (k, v) -> v + 1));
  }

  private static void failsAfterWaitingForItsStripe(
      BiConsumer<ConcurrentCuckooHashMap<CountingKey, Integer>, CountingKey> write)
      throws Exception {
    ConcurrentCuckooHashMap<CountingKey, Integer> map = flooded();
    Map<CountingKey, Integer> before = new HashMap<>(map);
    CountingKey failing = new CountingKey(FLOOD - 1);
    failing.failAt = 1;
    ConcurrentCuckooTable t = map.segmentOf(failing);
    int stripe = t.stripeOf(t.hashOf(failing));
    assertTrue(t.lock(stripe));
    FutureTask<Void> task = new FutureTask<>(() -> write.accept(map, failing), null);
    Thread writer = new Thread(task, "writer");
    writer.start();
    while (!waitsFor(writer, "lock")) {
      assertFalse(task.isDone(), "the write ended while another writer held its stripe");
      Thread.sleep(1);
    }
    assertEquals(0, failing.calls, "no key compared while the stripe was held");
    t.unlock(stripe, false);
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> task.get(PATIENCE.toSeconds(), SECONDS));
    assertEquals("equals failed", e.getCause().getMessage());
    assertEquals(1, failing.calls);
    assertStillServes(map, before, FLOOD - 1);
  }

  /** Whether {@code thread} is parked inside a method named {@code method}. */
  private static boolean waitsFor(Thread thread, String method) {
    return thread.getState() == Thread.State.TIMED_WAITING
        && Arrays.stream(thread.getStackTrace()).anyMatch(f -> f.getMethodName().equals(method));
  }

  /**
   * A write compares its key with the keys that compute calls of its stripe have reserved, under
   * the stripe: a comparison that throws there releases the stripe, and the compute call that holds
   * the reserved key stores its result when its function returns.
   */
  @Test
  void aWriteComparingItsKeyWithAReservedOne() throws Exception {
    ConcurrentCuckooHashMap<CountingKey, Integer> map = flooded();
    Map<CountingKey, Integer> before = new HashMap<>(map);
    CountingKey reserved = new CountingKey(FLOOD + 1);
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    FutureTask<Integer> computer =
        new FutureTask<>(
            () ->
                map.computeIfAbsent(
                    reserved,
                    k -> {
                      entered.countDown();
                      try {
                        release.await();
                      } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                      }
                      return 5;
                    }));
    new Thread(computer, "computer").start();
    entered.await();
    CountingKey failing = new CountingKey(FLOOD + 2);
    failing.failOn = reserved;
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> map.put(failing, -1));
    assertEquals("equals failed", e.getMessage());
    release.countDown();
    assertEquals(5, computer.get(PATIENCE.toSeconds(), SECONDS), "the compute call finished");
    before.put(reserved, 5);
    assertStillServes(map, before, FLOOD + 2);
  }

  private static void failsAtItsLastEquals(
      int id, BiConsumer<ConcurrentCuckooHashMap<CountingKey, Integer>, CountingKey> write) {
    CountingKey counted = new CountingKey(id);
    write.accept(flooded(), counted);
    assertTrue(counted.calls > 0);

    ConcurrentCuckooHashMap<CountingKey, Integer> map = flooded();
    Map<CountingKey, Integer> before = new HashMap<>(map);
    CountingKey failing = new CountingKey(id);
    failing.failAt = counted.calls;
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> write.accept(map, failing));
    assertEquals("equals failed", e.getMessage());
    assertEquals(counted.calls, failing.calls, "the write failed at its last call");
    assertEquals(FLOOD - 4, map.cuckooStats().stashSize());
    assertStillServes(map, before, id);
  }

  /**
   * Checks that {@code map} holds exactly {@code before}, and that key {@code id}'s stripe and the
   * key itself are free: a put and a compute call of it go through.
   */
  private static void assertStillServes(
      ConcurrentCuckooHashMap<CountingKey, Integer> map, Map<CountingKey, Integer> before, int id) {
    assertTimeoutPreemptively(
        PATIENCE,
        () -> {
          assertEquals(before, new HashMap<>(map), "the mappings are as they were");
          assertEquals(before.size(), map.size());
          map.put(new CountingKey(id), 100); // the same key, and so the same stripe
          map.compute(new CountingKey(id), (k, v) -> v + 1);
        },
        "the stripe and the key are free again");
    assertEquals(101, map.get(new CountingKey(id)));
  }
}
