/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static io.github.twochoice.map.ConcurrentMapGuaranteesTest.key;
import static io.github.twochoice.map.ConcurrentMapGuaranteesTest.overwriteRacesWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What {@link ConcurrentCuckooHashMap} promises beyond {@link
 * java.util.concurrent.ConcurrentHashMap}, and how its compute methods keep their key:
 *
 * <ul>
 *   <li>every removal of a view that acts on a value it read — {@code removeAll} and {@code
 *       retainAll} of the values and entries, {@code values().remove}, the iterators' {@code
 *       remove} — removes the entry only if it still holds that value ({@link
 *       java.util.concurrent.ConcurrentHashMap} removes by key in all but {@code removeIf}), raced
 *       as in {@link ConcurrentMapGuaranteesTest};
 *   <li>while a compute function runs, its key is reserved: reads go on and see the old value,
 *       other writes of the key wait and then apply to the result, the function may write other
 *       keys (of the same stripe too, and grow the table), a write of its own key throws, a
 *       function that throws leaves the map as it was, and a {@code clear} meanwhile wins.
 * </ul>
 */
class ConcurrentCuckooGuaranteesTest {
  private static final Supplier<ConcurrentMap<Key, Long>> CROWDED =
      ConcurrentMapGuaranteesTest::crowdedMap;

  @Test
  void valuesRemoveAllRemovesOnlyEntriesThatStillHoldTheValue() throws Exception {
    overwriteRacesWith(CROWDED, map -> map.values().removeAll(Collections.singleton(0L)));
  }

  @Test
  void valuesRetainAllRemovesOnlyEntriesThatStillHoldTheValue() throws Exception {
    overwriteRacesWith(CROWDED, map -> map.values().retainAll(Collections.singleton(1L)));
  }

  @Test
  void valuesRemoveRemovesOnlyAnEntryThatStillHoldsTheValue() throws Exception {
    overwriteRacesWith(
        CROWDED,
        map -> {
          while (map.values().remove(0L)) {
            // one entry of value 0 at a time, until none is left
          }
        });
  }

  @Test
  void entrySetRemoveAllRemovesOnlyEntriesThatStillHoldTheValue() throws Exception {
    overwriteRacesWith(
        CROWDED,
        map ->
            map.entrySet()
                .removeAll(
                    IntStream.range(0, ConcurrentMapGuaranteesTest.KEYS)
                        .mapToObj(i -> Map.entry(key(i), 0L))
                        .collect(Collectors.toSet())));
  }

  @Test
  void entrySetRetainAllRemovesOnlyEntriesThatStillHoldTheValue() throws Exception {
    overwriteRacesWith(
        CROWDED,
        map ->
            map.entrySet()
                .retainAll(
                    IntStream.range(0, ConcurrentMapGuaranteesTest.KEYS)
                        .mapToObj(i -> Map.entry(key(i), 1L))
                        .collect(Collectors.toSet())));
  }

  @Test
  void entryIteratorRemovesOnlyAnEntryThatStillHoldsTheValue() throws Exception {
    overwriteRacesWith(
        CROWDED,
        map -> {
          for (Iterator<Map.Entry<Key, Long>> it = map.entrySet().iterator(); it.hasNext(); ) {
            if (it.next().getValue() == 0L) {
              it.remove();
            }
          }
        });
  }

  @Test
  void valuesIteratorRemovesOnlyAnEntryThatStillHoldsTheValue() throws Exception {
    overwriteRacesWith(
        CROWDED,
        map -> {
          for (Iterator<Long> it = map.values().iterator(); it.hasNext(); ) {
            if (it.next() == 0L) {
              it.remove();
            }
          }
        });
  }

  @Test
  void entryIteratorRemovesTheValueItsEntrySet() {
    ConcurrentCuckooHashMap<String, Integer> map = new ConcurrentCuckooHashMap<>();
    map.put("a", 1);
    Iterator<Map.Entry<String, Integer>> it = map.entrySet().iterator();
    it.next().setValue(2);
    it.remove();
    assertEquals(Map.of(), map);
  }

  @Test
  void keySetIteratorRemovesTheKeyWhateverItsValue() {
    ConcurrentCuckooHashMap<String, Integer> map = new ConcurrentCuckooHashMap<>();
    map.put("a", 1);
    Iterator<String> it = map.keySet().iterator();
    it.next();
    map.put("a", 2);
    it.remove();
    assertEquals(Map.of(), map);
  }

  /**
   * A {@code put} of a key whose {@code compute} function is running waits for it (the writer
   * parks, observed through its thread state, not a sleep), then replaces the function's result; a
   * {@code get} meanwhile returns the old value at once.
   */
  @Test
  @Timeout(30)
  void aWriteOfAReservedKeyWaitsForTheFunctionWhileReadsGoOn() throws Exception {
    ConcurrentCuckooHashMap<String, Integer> map = new ConcurrentCuckooHashMap<>();
    map.put("k", 1);
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread computer =
        new Thread(
            () ->
                map.compute(
                    "k",
                    (k, v) -> {
                      entered.countDown();
                      awaitQuietly(release);
                      return v + 1;
                    }));
    computer.start();
    entered.await();
    AtomicReference<Integer> putReturned = new AtomicReference<>();
    Thread writer = new Thread(() -> putReturned.set(map.put("k", 100)));
    writer.start();
    awaitWaiting(writer);
    assertEquals(1, map.get("k"), "a read during the function sees the value before it");
    release.countDown();
    computer.join();
    writer.join();
    assertEquals(2, putReturned.get(), "the put came after the compute and saw its result");
    assertEquals(100, map.get("k"));
  }

  /**
   * An interrupt does not cut short a write that waits for a compute function: the write still
   * happens after the function's result, and the thread's interrupt status is set again when the
   * write returns, for the caller to act upon.
   */
  @Test
  @Timeout(30)
  void anInterruptedWriteStillWaitsForTheFunctionAndKeepsTheInterrupt() throws Exception {
    ConcurrentCuckooHashMap<String, Integer> map = new ConcurrentCuckooHashMap<>();
    map.put("k", 1);
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread computer =
        new Thread(
            () ->
                map.compute(
                    "k",
                    (k, v) -> {
                      entered.countDown();
                      awaitQuietly(release);
                      return v + 1;
                    }));
    computer.start();
    entered.await();
    AtomicReference<Integer> putReturned = new AtomicReference<>();
    AtomicReference<Boolean> interruptedAfter = new AtomicReference<>();
    Thread writer =
        new Thread(
            () -> {
              putReturned.set(map.put("k", 100));
              interruptedAfter.set(Thread.currentThread().isInterrupted());
            });
    writer.start();
    awaitWaiting(writer);
    writer.interrupt();
    while (writer.isInterrupted()) { // the waiting thread wakes and takes the interrupt
      Thread.onSpinWait();
    }
    awaitWaiting(writer);
    assertNull(putReturned.get(), "the interrupt ended the wait before the function's result");
    release.countDown();
    computer.join();
    writer.join();
    assertEquals(2, putReturned.get(), "the put came after the compute and saw its result");
    assertEquals(100, map.get("k"));
    assertEquals(true, interruptedAfter.get(), "the put swallowed the interrupt");
  }

  private static void awaitWaiting(Thread writer) {
    while (writer.getState() != Thread.State.WAITING) {
      assertTrue(writer.isAlive(), "the write finished while the compute function still ran");
      Thread.onSpinWait();
    }
  }

  @Test
  void aFunctionMayWriteOtherKeysOfItsStripeAndGrowTheTable() {
    ConcurrentCuckooHashMap<Integer, Integer> map =
        ConcurrentCuckooHashMap.builder().slotsPerBucket(1).loadFactor(0.45).lockStripes(1).build();
    long buckets = map.loadStats().buckets();
    Integer result =
        map.compute(
            -1,
            (k, v) -> {
              for (int i = 0; i < 1000; i++) {
                map.put(i, i);
              }
              return 7;
            });
    assertEquals(7, result);
    assertEquals(7, map.get(-1));
    assertEquals(1001, map.size());
    assertTrue(map.loadStats().buckets() > buckets, "the table grew while the key was reserved");
    map.put(-1, 8); // the reservation ended: a write of the key goes through
    assertEquals(8, map.get(-1));
  }

  @Test
  void aFunctionThatWritesItsOwnKeyThrowsAndLeavesTheMapAsItWas() {
    ConcurrentCuckooHashMap<String, Integer> map = new ConcurrentCuckooHashMap<>();
    map.put("k", 1);
    assertThrows(IllegalStateException.class, () -> map.compute("k", (k, v) -> map.put(k, 5)));
    assertThrows(
        IllegalStateException.class,
        () -> map.merge("k", 1, (a, b) -> map.computeIfPresent("k", (k, v) -> v + 1)));
    assertThrows(IllegalStateException.class, () -> map.computeIfAbsent("j", k -> map.put("j", 5)));
    assertEquals(Map.of("k", 1), map);
    assertEquals(2, map.merge("k", 1, Integer::sum), "no reservation outlived its call");
  }

  @Test
  @Timeout(30)
  void aFunctionThatThrowsLeavesTheMapAsItWasAndReleasesItsWaiters() throws Exception {
    ConcurrentCuckooHashMap<String, Integer> map = new ConcurrentCuckooHashMap<>();
    map.put("k", 1);
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread computer =
        new Thread(
            () -> {
              try {
                map.computeIfPresent(
                    "k",
                    (k, v) -> {
                      entered.countDown();
                      awaitQuietly(release);
                      throw new ArithmeticException("from the function");
                    });
              } catch (ArithmeticException e) {
                thrown.set(e);
              }
            });
    computer.start();
    entered.await();
    Thread writer = new Thread(() -> map.merge("k", 10, Integer::sum));
    writer.start();
    awaitWaiting(writer);
    release.countDown();
    computer.join();
    writer.join();
    assertTrue(thrown.get() instanceof ArithmeticException, "the function's exception reached");
    assertEquals(11, map.get("k"), "the merge applied to the value the failed call left");
  }

  /**
   * A {@code clear} while a function runs removes the key, and the function's result is not stored
   * afterwards: the call took effect just before the clear, which removed its result.
   */
  @Test
  @Timeout(30)
  void aClearDuringTheFunctionWins() throws Exception {
    ConcurrentCuckooHashMap<String, Integer> map = new ConcurrentCuckooHashMap<>();
    map.put("k", 1);
    map.put("other", 1);
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicReference<Integer> returned = new AtomicReference<>();
    Thread computer =
        new Thread(
            () ->
                returned.set(
                    map.compute(
                        "k",
                        (k, v) -> {
                          entered.countDown();
                          awaitQuietly(release);
                          return v + 1;
                        })));
    computer.start();
    entered.await();
    map.clear();
    assertNull(map.get("k"));
    release.countDown();
    computer.join();
    assertEquals(2, returned.get());
    assertFalse(map.containsKey("k"), "a result stored after the clear that removed its key");
    assertEquals(0, map.size());
    assertSame(null, map.putIfAbsent("k", 3), "the key is free again");
    assertEquals(3, map.get("k"));
  }

  /**
   * A compute call on a key of the overflow area, whose result cannot go back to a slot it found,
   * returns just as a {@code clear} publishes the new, empty segments: it must store nothing, since
   * the clear removed the key after the call read its value. The key's segment is the last of a few
   * hundred, the one the clear comes to last; the function returns as soon as it sees the new
   * segment, while the clear is still going through the old ones. Fifty rounds.
   */
  @Test
  @Timeout(60)
  void aComputeOfAnOverflowKeyEndingDuringAClearStoresNothing() throws Exception {
    for (int round = 0; round < 50; round++) {
      ConcurrentCuckooHashMap<FloodKey, Integer> map =
          ConcurrentCuckooHashMap.builder().slotsPerBucket(1).expectedSize(200_000).build();
      int hash = hashOfTheLastSegment(map);
      FloodKey overflowing = null;
      for (int i = 0; i <= map.choices(); i++) { // one more than the key's buckets hold
        FloodKey key = new FloodKey(i, hash);
        map.put(key, i);
        if (map.segmentOf(key).overflowGet(key) != null) {
          overflowing = key;
        }
      }
      assertTrue(overflowing != null, "a key went to the overflow area");
      FloodKey key = overflowing;
      ConcurrentCuckooTable before = map.segmentOf(key);
      CountDownLatch entered = new CountDownLatch(1);
      Thread computer =
          new Thread(
              () ->
                  map.compute(
                      key,
                      (k, v) -> {
                        entered.countDown();
                        while (map.segmentOf(k) == before) { // until the clear publishes
                          Thread.onSpinWait();
                        }
                        return v + 1;
                      }));
      computer.start();
      entered.await();
      map.clear();
      computer.join();
      assertFalse(map.containsKey(key), "round " + round + ": a result stored after the clear");
      assertEquals(0, map.size());
    }
  }

  /** A key of a chosen hash code: enough of them overflow their shared buckets. */
  private static final class FloodKey extends HookedKey {
    FloodKey(int value, int hash) {
      super(value, hash);
    }
  }

  /** Returns a hash code whose keys live in {@code map}'s last segment, which clear visits last. */
  private static int hashOfTheLastSegment(ConcurrentCuckooHashMap<FloodKey, Integer> map) {
    int best = 0;
    for (int h = 1; h < 100_000; h++) {
      if (map.segmentOf(new FloodKey(0, h)).pattern
          > map.segmentOf(new FloodKey(0, best)).pattern) {
        best = h;
      }
    }
    return best;
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      assertTrue(latch.await(20, TimeUnit.SECONDS), "the test never released the function");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
