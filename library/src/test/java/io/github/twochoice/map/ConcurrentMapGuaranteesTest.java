/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The guarantees of {@link ConcurrentHashMap} under concurrency, checked on {@link
 * ConcurrentCuckooHashMap} and, as the oracle that the tests themselves are right, on {@link
 * ConcurrentHashMap}:
 *
 * <ul>
 *   <li>a view's {@code removeIf} removes an entry only if it still holds the value the predicate
 *       saw (OpenJDK's {@code ConcurrentRemoveIf} race: one thread overwrites every 0 with 1 while
 *       another removes the entries whose value is 0; every entry must survive);
 *   <li>{@code compute}, {@code computeIfPresent} and {@code merge} apply their function at most
 *       once per call, atomically with every other write of the key (JSR-166's {@code
 *       MapTest.testConcurrentAccess}: counters incremented by concurrent calls sum exactly to the
 *       calls, and every call ran its function once).
 * </ul>
 *
 * <p>Races are intermittent, so each test repeats its race: the removal races {@value #ROUNDS}
 * times over {@value #KEYS} keys, the counting races for {@value #RACE_MILLIS} ms. {@link
 * ConcurrentCuckooGuaranteesTest} holds what this map promises beyond {@link ConcurrentHashMap}.
 */
class ConcurrentMapGuaranteesTest {
  static final int KEYS = 1000;
  static final int ROUNDS = 100;
  static final int RACE_MILLIS = 1000;
  private static final long SEED = 0xC4A7_0BE7L;

  /** The maps under test: the oracle, the cuckoo map's defaults, and a crowded cuckoo map. */
  static Stream<Arguments> maps() {
    return Stream.of(
        Arguments.of(
            Named.of(
                "ConcurrentHashMap", (Supplier<ConcurrentMap<Key, Long>>) ConcurrentHashMap::new)),
        Arguments.of(
            Named.of(
                "ConcurrentCuckooHashMap",
                (Supplier<ConcurrentMap<Key, Long>>) ConcurrentCuckooHashMap::new)),
        Arguments.of(
            Named.of(
                "ConcurrentCuckooHashMap d=2 b=2 from one bucket",
                (Supplier<ConcurrentMap<Key, Long>>) ConcurrentMapGuaranteesTest::crowdedMap)));
  }

  /** Two-slot buckets at load 0.9 from one bucket: inserts move keys and grow the table. */
  static ConcurrentCuckooHashMap<Key, Long> crowdedMap() {
    return ConcurrentCuckooHashMap.builder().slotsPerBucket(2).loadFactor(0.9).seed(SEED).build();
  }

  /** Key i; every 64th shares one hash code, so a crowded map keeps some in its overflow area. */
  static Key key(int i) {
    return i % 64 == 0 ? new Key(i, 7) : Key.spread(i);
  }

  @ParameterizedTest
  @MethodSource("maps")
  void entrySetRemoveIfRemovesOnlyEntriesThatStillHoldTheValue(
      Supplier<ConcurrentMap<Key, Long>> maps) throws Exception {
    overwriteRacesWith(maps, map -> map.entrySet().removeIf(e -> e.getValue() == 0L));
  }

  @ParameterizedTest
  @MethodSource("maps")
  void valuesRemoveIfRemovesOnlyEntriesThatStillHoldTheValue(
      Supplier<ConcurrentMap<Key, Long>> maps) throws Exception {
    overwriteRacesWith(maps, map -> map.values().removeIf(v -> v == 0L));
  }

  /**
   * {@link #ROUNDS} times: a map of {@link #KEYS} keys, all mapped to 0; one thread puts 1 for
   * every key while this one runs {@code removal}, which removes entries whose value is 0. An entry
   * removed before the put is put back by it; one removed after it held 1 is a key the map lost.
   */
  static void overwriteRacesWith(
      Supplier<ConcurrentMap<Key, Long>> maps, Consumer<ConcurrentMap<Key, Long>> removal)
      throws Exception {
    for (int round = 0; round < ROUNDS; round++) {
      ConcurrentMap<Key, Long> map = maps.get();
      for (int i = 0; i < KEYS; i++) {
        map.put(key(i), 0L);
      }
      CyclicBarrier start = new CyclicBarrier(2);
      Thread overwriter =
          new Thread(
              () -> {
                await(start);
                for (int i = 0; i < KEYS; i++) {
                  map.put(key(i), 1L);
                }
              });
      overwriter.start();
      await(start);
      removal.accept(map);
      overwriter.join();
      List<Key> lost =
          IntStream.range(0, KEYS)
              .mapToObj(ConcurrentMapGuaranteesTest::key)
              .filter(k -> !Long.valueOf(1L).equals(map.get(k)))
              .collect(Collectors.toList());
      assertEquals(
          0,
          lost.size(),
          "round "
              + round
              + ": "
              + lost.size()
              + " keys lost or not 1, of "
              + KEYS
              + ", such as "
              + lost.subList(0, Math.min(3, lost.size())));
      assertEquals(KEYS, map.size());
    }
  }

  static void await(CyclicBarrier barrier) {
    try {
      barrier.await();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * JSR-166's {@code MapTest.testConcurrentAccess} under {@link ConcurrentHashMap}'s contract:
   * threads increment 10 counters, one with {@code compute}, one with {@code computeIfPresent}, one
   * with {@code merge}, while a fourth takes counters out with {@code remove} and keeps what they
   * held. Every call of {@code compute} ran its function once, of {@code computeIfPresent} once if
   * it returned a value and never otherwise, of {@code merge} at most once; the counters left plus
   * those taken out sum to the calls that added one.
   */
  @ParameterizedTest
  @MethodSource("maps")
  void computeFunctionsRunAtMostOncePerCallAndAtomically(Supplier<ConcurrentMap<Key, Long>> maps)
      throws InterruptedException {
    ConcurrentMap<Key, Long> map = maps.get();
    LongAdder additions = new LongAdder();
    AtomicLong takenOut = new AtomicLong();
    List<String> broken = Collections.synchronizedList(new ArrayList<>());
    Race race = new Race(SEED);
    race.thread(
        "compute",
        random -> {
          long[] calls = new long[1];
          map.compute(
              key(3 * random.nextInt(10)),
              (k, v) -> {
                calls[0]++;
                return v == null ? 1L : v + 1;
              });
          additions.increment();
          expectCalls(broken, "compute", 1, calls[0]);
        });
    race.thread(
        "computeIfPresent",
        random -> {
          long[] calls = new long[1];
          Long now =
              map.computeIfPresent(
                  key(3 * random.nextInt(10)),
                  (k, v) -> {
                    calls[0]++;
                    return v + 1;
                  });
          if (now != null) {
            additions.increment();
          }
          expectCalls(broken, "computeIfPresent", now == null ? 0 : 1, calls[0]);
        });
    race.thread(
        "merge",
        random -> {
          long[] calls = new long[1];
          map.merge(
              key(3 * random.nextInt(10)),
              1L,
              (a, b) -> {
                calls[0]++;
                return a + b;
              });
          additions.increment();
          if (calls[0] > 1) {
            expectCalls(broken, "merge", 1, calls[0]);
          }
        });
    race.thread(
        "remove",
        random -> {
          Long held = map.remove(key(3 * random.nextInt(10)));
          if (held != null) {
            takenOut.addAndGet(held);
          }
        });
    race.runFor(Duration.ofMillis(RACE_MILLIS));
    assertEquals(List.of(), broken.subList(0, Math.min(5, broken.size())), "calls of functions");
    long left = map.values().stream().mapToLong(Long::longValue).sum();
    assertEquals(additions.sum(), left + takenOut.get(), "additions lost or counted twice");
    assertTrue(additions.sum() > 0);
  }

  private static void expectCalls(List<String> broken, String method, long expected, long calls) {
    if (calls != expected) {
      broken.add(method + " ran its function " + calls + " times, expected " + expected);
    }
  }

  /**
   * {@code replaceAll} replaces each value atomically: while {@code merge} adds 1 to counters, a
   * {@code replaceAll} adds 1000 to each; no addition of either is lost.
   */
  @ParameterizedTest
  @MethodSource("maps")
  void replaceAllLosesNoConcurrentUpdate(Supplier<ConcurrentMap<Key, Long>> maps) throws Exception {
    for (int round = 0; round < ROUNDS; round++) {
      ConcurrentMap<Key, Long> map = maps.get();
      for (int i = 0; i < KEYS; i++) {
        map.put(key(i), 0L);
      }
      CyclicBarrier start = new CyclicBarrier(2);
      Thread adder =
          new Thread(
              () -> {
                await(start);
                for (int i = 0; i < KEYS; i++) {
                  map.merge(key(i), 1L, Long::sum);
                }
              });
      adder.start();
      await(start);
      map.replaceAll((k, v) -> v + 1000);
      adder.join();
      Map<Long, Long> byValue =
          map.values().stream().collect(Collectors.groupingBy(v -> v, Collectors.counting()));
      assertEquals(Map.of(1001L, (long) KEYS), byValue, "round " + round);
    }
  }

  /** The keys the races use, for a test that needs them as a set. */
  static Set<Key> allKeys() {
    return IntStream.range(0, KEYS)
        .mapToObj(ConcurrentMapGuaranteesTest::key)
        .collect(Collectors.toSet());
  }
}
