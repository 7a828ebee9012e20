/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench;

import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Remove-then-insert churn at constant size: each operation removes a present key and puts a new
 * one. The keys come from a pool of {@code 2 * size} distinct random keys; the map holds a window
 * of {@code size} consecutive pool keys that slides by one per operation (the oldest key leaves,
 * the next pool key enters), wrapping around the pool. Score is per remove+put pair.
 */
public class ChurnBenchmark extends MapBenchmark {
  private Map<Object, Object> map;
  private Object[] pool;
  private int cursor;

  @Setup(Level.Trial)
  public void setUp() {
    checkSize();
    pool = keyType.keys(2 * size);
    map = build(pool, size);
    cursor = 0;
    settle();
  }

  /** Checks that the churn kept the map's size. */
  @TearDown(Level.Trial)
  public void tearDown() {
    if (map.size() != size) {
      throw new IllegalStateException(impl + " holds " + map.size() + " entries, not " + size);
    }
  }

  /** Removes and inserts {@link #BATCH} keys each; returns how many removals found their key. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int churn() {
    Map<Object, Object> m = map;
    Object[] p = pool;
    int c = cursor;
    int removed = 0;
    for (int i = 0; i < BATCH; i++) {
      int in = c + size;
      if (in >= p.length) {
        in -= p.length;
      }
      if (m.remove(p[c]) != null) {
        removed++;
      }
      m.put(p[in], p[in]);
      if (++c == p.length) {
        c = 0;
      }
    }
    cursor = c;
    return removed;
  }
}
