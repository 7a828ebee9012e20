/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Seeded, time-bounded stress tests of {@link ConcurrentCuckooHashMap}: threads race for {@value
 * #QUICK_SECONDS} seconds per test in the default build and {@value #SLOW_SECONDS} under the tag
 * {@code slow}. The maps use two-slot buckets at load 0.9 and start from one bucket, so the writers
 * force cuckoo moves (the threshold of d = 2, b = 2 is 0.897), failed inserts and growth all the
 * time; some keys share one hash code, so the overflow area is in use too.
 *
 * <p>A linearizability checker runs few operations and rarely catches a reader that misses a key
 * while another thread moves it ({@link ConcurrentCuckooLincheckTest}); the stable-keys test here
 * does: its readers look up, again and again, keys that no thread ever removes.
 */
class ConcurrentCuckooStressTest {
  static final int QUICK_SECONDS = 2;
  static final int SLOW_SECONDS = 20;

  private static final long SEED = 0x5EED_C0C0L;

  /**
   * Keys never removed, many, so that the writers' inserts move them often; one in 16 has the
   * flood's hash code (most of those live in the overflow area).
   */
  private static final int STABLE_KEYS = 1024;

  /**
   * Keys the writers insert and remove: enough for several growths of a map of two-slot buckets.
   */
  private static final int CHURN_KEYS = 20_000;

  private static final int FLOOD_HASH = 7;

  static ConcurrentCuckooHashMap<Key, Integer> crowdedMap(long seed) {
    return ConcurrentCuckooHashMap.builder().slotsPerBucket(2).loadFactor(0.9).seed(seed).build();
  }

  /** Stable key i: every 16th one has the flood's hash code. */
  static Key stableKey(int i) {
    return i % 16 == 0 ? new Key(-1 - i, FLOOD_HASH) : Key.spread(1_000_000 + i);
  }

  @Test
  void stableKeysAreAlwaysFound() throws InterruptedException {
    stableKeysAreAlwaysFound(Duration.ofSeconds(QUICK_SECONDS));
  }

  @Test
  @Tag("slow")
  void stableKeysAreAlwaysFoundForLong() throws InterruptedException {
    stableKeysAreAlwaysFound(Duration.ofSeconds(SLOW_SECONDS));
  }

  /**
   * Two writers fill a fresh map with churn keys and empty it again, round after round (so every
   * round grows the table from one bucket, with cuckoo moves and flood keys in the overflow area),
   * while two readers look up the stable keys, which must always be there with their values.
   */
  private static void stableKeysAreAlwaysFound(Duration duration) throws InterruptedException {
    AtomicReferenceMap holder = new AtomicReferenceMap(SEED);
    AtomicLong lookups = new AtomicLong();
    Race race = new Race(SEED);
    for (int w = 0; w < 2; w++) {
      int writer = w;
      race.thread(
          "writer " + w,
          random -> {
            ConcurrentCuckooHashMap<Key, Integer> map = holder.current();
            for (int i = writer; i < CHURN_KEYS && !race.stopped(); i += 2) {
              Key key = churnKey(i);
              map.put(key, i);
              if (random.nextInt(4) == 0) {
                map.remove(key);
              }
            }
            for (int i = writer; i < CHURN_KEYS && !race.stopped(); i += 2) {
              map.remove(churnKey(i));
            }
            holder.renewAfterBothWriters(map, race);
          });
    }
    for (int r = 0; r < 2; r++) {
      race.thread(
          "reader " + r,
          random -> {
            ConcurrentCuckooHashMap<Key, Integer> map = holder.current();
            for (int n = 0; n < 1000; n++) {
              int i = random.nextInt(STABLE_KEYS);
              Key key = stableKey(i);
              Integer value = random.nextBoolean() ? map.get(key) : map.getOrDefault(key, null);
              if (value == null || value != i) {
                throw new AssertionError(
                    "stable key " + key + " read as " + value + " in a map of " + map.size());
              }
              int size = map.size(); // a count the map had: never below its stable keys
              if (size < STABLE_KEYS) {
                throw new AssertionError("size " + size + " with " + STABLE_KEYS + " stable keys");
              }
            }
            lookups.addAndGet(1000);
          });
    }
    race.runFor(duration);
    assertTrue(holder.rounds() > 0, "no round completed");
    assertTrue(holder.moves() > 0, "no insert moved a key: the test did not exercise moves");
    assertTrue(holder.growths() > 0, "no growth happened during the test");
    assertTrue(lookups.get() > 0);
  }

  /** A churn key: most spread, some with the flood's hash code (they go to the overflow area). */
  private static Key churnKey(int i) {
    return i % 64 == 0 ? new Key(i, FLOOD_HASH) : Key.spread(i);
  }

  /**
   * The map the stable-keys race works on: a fresh one, holding the stable keys, once both writers
   * have emptied the last one. Records what the finished maps did (moves, growths).
   */
  private static final class AtomicReferenceMap {
    private final long seed;
    private volatile ConcurrentCuckooHashMap<Key, Integer> map;
    private final AtomicInteger writersDone = new AtomicInteger();
    private final AtomicInteger rounds = new AtomicInteger();
    private final AtomicLong moves = new AtomicLong();
    private final AtomicLong growths = new AtomicLong();

    AtomicReferenceMap(long seed) {
      this.seed = seed;
      this.map = fresh(0);
    }

    private ConcurrentCuckooHashMap<Key, Integer> fresh(int round) {
      ConcurrentCuckooHashMap<Key, Integer> m = crowdedMap(seed + round);
      for (int i = 0; i < STABLE_KEYS; i++) {
        m.put(stableKey(i), i);
      }
      return m;
    }

    ConcurrentCuckooHashMap<Key, Integer> current() {
      return map;
    }

    /** Called by each writer after a round; the second one checks the map and replaces it. */
    void renewAfterBothWriters(ConcurrentCuckooHashMap<Key, Integer> finished, Race race) {
      synchronized (this) {
        if (race.stopped()) {
          notifyAll();
          return; // the round was cut short: its churn keys are not all removed
        }
        int round = rounds.get();
        if (writersDone.incrementAndGet() < 2) {
          while (rounds.get() == round && !race.stopped()) {
            try {
              wait(100);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              return;
            }
          }
          return;
        }
        assertEquals(STABLE_KEYS, finished.size(), "after a round only the stable keys are left");
        long[] paths = finished.cuckooStats().evictionPaths();
        for (int k = 1; k < paths.length; k++) {
          moves.addAndGet(paths[k]);
        }
        growths.addAndGet(
            finished.cuckooStats().rehashesForLoad()
                + finished.cuckooStats().rehashesForFailedInsert());
        rounds.incrementAndGet();
        map = fresh(rounds.get());
        writersDone.set(0);
        notifyAll();
      }
    }

    int rounds() {
      return rounds.get();
    }

    long moves() {
      return moves.get();
    }

    long growths() {
      return growths.get();
    }
  }

  @Test
  void mergedCountersSumExactly() throws InterruptedException {
    mergedCountersSumExactly(Duration.ofSeconds(QUICK_SECONDS));
  }

  @Test
  @Tag("slow")
  void mergedCountersSumExactlyForLong() throws InterruptedException {
    mergedCountersSumExactly(Duration.ofSeconds(SLOW_SECONDS));
  }

  /**
   * Three threads add 1 to random counters of a small set with {@code merge}, {@code compute} and
   * {@code computeIfPresent}, while a fourth inserts and removes churn keys (moving the counters
   * along cuckoo paths and growing the table): the counters must sum to the number of additions.
   */
  private static void mergedCountersSumExactly(Duration duration) throws InterruptedException {
    ConcurrentCuckooHashMap<Key, Long> counters =
        ConcurrentCuckooHashMap.builder().slotsPerBucket(2).loadFactor(0.9).seed(SEED).build();
    int counterKeys = 16;
    LongAdder additions = new LongAdder();
    Race race = new Race(SEED + 1);
    for (int t = 0; t < 3; t++) {
      race.thread(
          "adder " + t,
          random -> {
            Key key = stableKey(random.nextInt(counterKeys));
            switch (random.nextInt(3)) {
              case 0 -> counters.merge(key, 1L, Long::sum);
              case 1 -> counters.compute(key, (k, v) -> v == null ? 1L : v + 1);
              default -> {
                if (counters.computeIfPresent(key, (k, v) -> v + 1) == null) {
                  counters.merge(key, 1L, Long::sum);
                }
              }
            }
            additions.increment();
          });
    }
    race.thread(
        "churn",
        random -> {
          int i = random.nextInt(CHURN_KEYS);
          Key key = churnKey(i);
          if (counters.putIfAbsent(key, 0L) != null) {
            counters.remove(key, 0L);
          }
        });
    race.runFor(duration);
    long sum = 0;
    for (int i = 0; i < counterKeys; i++) {
      sum += counters.getOrDefault(stableKey(i), 0L);
    }
    assertEquals(additions.sum(), sum, "the counters lost or doubled an addition");
    assertTrue(counters.cuckooStats().rehashesForLoad() > 0, "the table never grew");
  }

  @Test
  void sizeIsAlwaysACountTheMapHad() throws InterruptedException {
    sizeIsAlwaysACountTheMapHad(Duration.ofSeconds(QUICK_SECONDS));
  }

  @Test
  @Tag("slow")
  void sizeIsAlwaysACountTheMapHadForLong() throws InterruptedException {
    sizeIsAlwaysACountTheMapHad(Duration.ofSeconds(SLOW_SECONDS));
  }

  /**
   * One writer swaps keys in and out, one at a time — it removes a present key, then inserts an
   * absent one — so the map holds n or n - 1 keys at every moment, while two readers call {@code
   * size()}. A map of n = 40,000 keys has dozens of segments, each with its own stripes, so a
   * remove and the insert after it are mostly in different stripes: a count that summed the stripes
   * without validating the sum would sometimes see the insert but not the remove before it (n + 1),
   * or the reverse (n - 2).
   */
  private static void sizeIsAlwaysACountTheMapHad(Duration duration) throws InterruptedException {
    int n = 40_000;
    ConcurrentCuckooHashMap<Key, Integer> map =
        ConcurrentCuckooHashMap.builder().lockStripes(64).seed(SEED).build();
    int[] order = new int[2 * n]; // keys order[0..n) are in the map, order[n..2n) are not
    for (int i = 0; i < 2 * n; i++) {
      order[i] = i;
      if (i < n) {
        map.put(Key.spread(i), i);
      }
    }
    assertTrue(map.stripesInUse() >= 32, "the stripes that the comment above counts on");
    AtomicLong sizes = new AtomicLong();
    Race race = new Race(SEED + 4);
    race.thread(
        "swapper",
        random -> {
          int out = random.nextInt(n);
          int in = n + random.nextInt(n);
          map.remove(Key.spread(order[out]));
          map.put(Key.spread(order[in]), order[in]);
          int swapped = order[out];
          order[out] = order[in];
          order[in] = swapped;
        });
    for (int r = 0; r < 2; r++) {
      race.thread(
          "counter " + r,
          random -> {
            int size = map.size();
            if (size != n && size != n - 1) {
              throw new AssertionError("size " + size + " of a map of " + (n - 1) + " or " + n);
            }
            sizes.incrementAndGet();
          });
    }
    race.runFor(duration);
    assertTrue(sizes.get() > 0, "no size was taken");
    assertEquals(n, map.size());
  }

  @Test
  void iterationDuringWritesSeesEveryStableKeyOnce() throws InterruptedException {
    iterationDuringWrites(Duration.ofSeconds(QUICK_SECONDS));
  }

  @Test
  @Tag("slow")
  void iterationDuringWritesSeesEveryStableKeyOnceForLong() throws InterruptedException {
    iterationDuringWrites(Duration.ofSeconds(SLOW_SECONDS));
  }

  /**
   * Two writers insert and remove churn keys while two threads iterate (one through iterators, one
   * through parallel streams of spliterators): every traversal sees each key at most once and every
   * stable key, never a {@link java.util.ConcurrentModificationException}.
   */
  private static void iterationDuringWrites(Duration duration) throws InterruptedException {
    ConcurrentCuckooHashMap<Key, Integer> map = crowdedMap(SEED + 2);
    Set<Key> stable = new HashSet<>();
    for (int i = 0; i < STABLE_KEYS; i++) {
      map.put(stableKey(i), i);
      stable.add(stableKey(i));
    }
    AtomicLong traversals = new AtomicLong();
    Race race = new Race(SEED + 2);
    for (int w = 0; w < 2; w++) {
      race.thread(
          "writer " + w,
          random -> {
            Key key = churnKey(random.nextInt(CHURN_KEYS / 4));
            if (random.nextBoolean()) {
              map.put(key, 0);
            } else {
              map.remove(key);
            }
          });
    }
    race.thread(
        "iterator",
        random -> {
          Set<Key> seen = new HashSet<>();
          for (Iterator<Map.Entry<Key, Integer>> it = map.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Key, Integer> e = it.next();
            if (!seen.add(e.getKey())) {
              throw new AssertionError(e.getKey() + " returned twice by one iteration");
            }
          }
          assertTrue(seen.containsAll(stable), "an iteration missed a stable key");
          traversals.incrementAndGet();
        });
    race.thread(
        "spliterator",
        random -> {
          Map<Key, Long> counts =
              map.keySet().parallelStream()
                  .collect(Collectors.groupingByConcurrent(k -> k, Collectors.counting()));
          counts.forEach(
              (k, n) -> {
                if (n != 1) {
                  throw new AssertionError(k + " returned " + n + " times by one stream");
                }
              });
          assertTrue(counts.keySet().containsAll(stable), "a stream missed a stable key");
          traversals.incrementAndGet();
        });
    race.runFor(duration);
    assertTrue(traversals.get() > 1, "no traversal completed");
  }

  @Test
  void computeIfAbsentRunsOncePerAbsentKey() throws InterruptedException {
    ConcurrentCuckooHashMap<Key, Integer> map = crowdedMap(SEED + 3);
    ConcurrentHashMap<Key, AtomicInteger> calls = new ConcurrentHashMap<>();
    AtomicInteger next = new AtomicInteger();
    Race race = new Race(SEED + 3);
    for (int t = 0; t < 3; t++) {
      race.thread(
          "caller " + t,
          random -> {
            int i = Math.max(0, next.get() - random.nextInt(4));
            Key key = churnKey(i);
            Integer value =
                map.computeIfAbsent(
                    key,
                    k -> {
                      calls.computeIfAbsent(k, c -> new AtomicInteger()).incrementAndGet();
                      LockSupport.parkNanos(1000); // widen the window for a second call
                      return k.id();
                    });
            assertEquals(key.id(), value);
            if (random.nextInt(8) == 0) {
              next.incrementAndGet();
            }
          });
    }
    race.runFor(Duration.ofSeconds(QUICK_SECONDS));
    calls.forEach((k, n) -> assertEquals(1, n.get(), "the function ran twice for " + k));
    assertEquals(calls.size(), map.size());
  }
}
