/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A map shared by all benchmark threads ({@code -t 1}, {@code -t 2}: the thread count is JMH's
 * option), under a mix of reads and writes: {@code read} (gets only), {@code 90-10} and {@code
 * 50-50} (percent gets and writes), or {@code merge} (counting: every operation a {@code merge(key,
 * 1, Integer::sum)} of a present key, so each calls its function). The map holds {@code size}
 * random keys.
 *
 * <p>Every thread walks around its own {@link Operations} sequence, drawn with its own seed, of
 * equal-but-distinct key copies. Scores are per operation, summed over the threads. Maps are grown
 * from the default constructor, or with {@code -p fill=presized} made for {@code size} keys.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class ConcurrentBenchmark {
  /** Operations per benchmark invocation. */
  static final int BATCH = 1000;

  @Param({"ConcurrentHashMap", "ConcurrentCuckoo"})
  Impl impl;

  @Param({"10000", "1000000"})
  int size;

  @Param KeyType keyType;

  /** {@code grown} by {@code put} from the default constructor, or {@code presized}. */
  @Param({"grown"})
  String fill;

  /**
   * The percentage of gets: {@code read} (100), {@code 90-10} or {@code 50-50}; or {@code merge}.
   */
  @Param({"read", "90-10", "50-50", "merge"})
  String mix;

  private Map<Object, Object> map;
  private Object[] universe;
  private final AtomicInteger threadSeeds = new AtomicInteger();

  @Setup(Level.Trial)
  public void setUp() {
    universe = keyType.keys(2 * size);
    map =
        switch (fill) {
          case "grown" -> impl.newMap();
          case "presized" -> impl.newMap(size);
          default -> throw new IllegalArgumentException("fill: " + fill);
        };
    for (int i = 0; i < size; i++) {
      map.put(universe[i], Operations.initialValue(mix, universe[i]));
    }
    System.gc();
  }

  /** One thread's operations and keys, and where it is in them. */
  @State(Scope.Thread)
  public static class Sequence {
    Operations operations;
    int cursor;

    @Setup(Level.Trial)
    public void setUp(ConcurrentBenchmark shared) {
      int seed = shared.threadSeeds.incrementAndGet();
      operations =
          new Operations(
              shared.keyType, shared.universe, shared.size, shared.mix, KeyType.SEED * 31 + seed);
      cursor = 0;
    }
  }

  /** Runs {@link #BATCH} operations of the thread's sequence; returns how many gets hit. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int operations(Sequence s) {
    int hits = s.operations.run(map, s.cursor, BATCH);
    s.cursor = (s.cursor + BATCH) & (Operations.LENGTH - 1);
    return hits;
  }
}
