/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench;

import java.util.Arrays;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Setup;

/**
 * Read-only operations on a map of {@code size} random keys built by {@code put} from empty: {@code
 * get} of present keys ({@link #getHit}), {@code get} of absent keys from the same distribution
 * ({@link #getMiss}), and a full {@code entrySet} iteration ({@link #iterate}).
 *
 * <p>Lookups go through an array of {@linkplain KeyType#copies equal-but-distinct copies} of the
 * keys in shuffled order, allocated in that order, {@link #BATCH} per invocation, with a cursor
 * that walks the whole array across invocations. The absent keys are copies of keys drawn with the
 * stored ones and never inserted. Scores are per get or per entry.
 *
 * <p>The forks run with one collector thread. Which cache lines a lookup touches depends on where
 * the collector has put the keys and the nodes, and parallel collector threads place them in an
 * order that varies from one run to the next: with the two threads this machine's default gives,
 * {@code HashMap}'s hits of 10<sup>6</sup> {@code Integer} keys ran at 4.4 to 9.5 per microsecond
 * from one fork to another, and at 8.9 to 10.1 with one thread.
 */
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch", "-XX:ParallelGCThreads=1"})
public class ReadBenchmark extends MapBenchmark {
  private Map<Object, Object> map;
  private Object[] hits;
  private Object[] misses;
  private int cursor;

  @Setup(Level.Trial)
  public void setUp() {
    checkSize();
    Object[] keys = keyType.keys(2 * size);
    map = build(keys, size);
    hits = keyType.copies(Arrays.copyOfRange(keys, 0, size), KeyType.SEED + 1);
    misses = keyType.copies(Arrays.copyOfRange(keys, size, 2 * size), KeyType.SEED + 2);
    int found = 0;
    for (int i = 0; i < size; i++) {
      found += (map.get(hits[i]) != null ? 1 : 0) + (map.get(misses[i]) != null ? 1 : 0);
    }
    if (found != size) {
      throw new IllegalStateException(impl + " found " + found + " keys, not " + size);
    }
    cursor = 0;
    settle();
  }

  /** Gets {@link #BATCH} present keys; returns how many were found. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int getHit() {
    return getBatch(hits);
  }

  /** Gets {@link #BATCH} absent keys; returns how many were found. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int getMiss() {
    return getBatch(misses);
  }

  private int getBatch(Object[] keys) {
    Map<Object, Object> m = map;
    int base = cursor;
    int found = 0;
    for (int i = 0; i < BATCH; i++) {
      if (m.get(keys[base + i]) != null) {
        found++;
      }
    }
    cursor = base + BATCH == keys.length ? 0 : base + BATCH;
    return found;
  }

  /**
   * Visits {@link #KEYS_PER_INVOCATION} entries (the whole map, as often as that takes), summing
   * the hash codes of their keys and values.
   */
  @Benchmark
  @OperationsPerInvocation(KEYS_PER_INVOCATION)
  public long iterate() {
    long sum = 0;
    for (int r = KEYS_PER_INVOCATION / size; r > 0; r--) {
      for (Map.Entry<Object, Object> e : map.entrySet()) {
        sum += e.getKey().hashCode() + 31 * e.getValue().hashCode();
      }
    }
    return sum;
  }
}
