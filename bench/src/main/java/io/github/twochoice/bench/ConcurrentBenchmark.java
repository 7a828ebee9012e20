/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench;

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
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
 * <p>Every thread has its own sequence of 2<sup>20</sup> operations, drawn with its own seed, which
 * it walks around; each operation's key is an {@linkplain KeyType#copies equal-but-distinct copy},
 * allocated in sequence order (so reading it costs what reading a key just made costs). A write is
 * a {@code put} or a {@code remove} (one each in turn) of a key of a universe of {@code 2 * size}
 * keys, so the map stays at about {@code size} keys and the writes insert, update and remove. Under
 * {@code read} the gets look up the present keys (all hit); under the mixes they look up the
 * universe (about half hit). Scores are per operation, summed over the threads. Maps are grown from
 * the default constructor, or with {@code -p fill=presized} made for {@code size} keys.
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

  /** Operations in each thread's sequence, which it walks around. */
  private static final int SEQUENCE = 1 << 20;

  private static final byte GET = 0;
  private static final byte PUT = 1;
  private static final byte REMOVE = 2;
  private static final byte MERGE = 3;

  /** The count a merge adds, and each counter's first value. */
  private static final Integer ONE = 1;

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
      map.put(universe[i], mix.equals("merge") ? ONE : universe[i]);
    }
    System.gc();
  }

  /** One thread's operations and keys, and where it is in them. */
  @State(Scope.Thread)
  public static class Sequence {
    byte[] ops;
    Object[] keys;
    int cursor;

    @Setup(Level.Trial)
    public void setUp(ConcurrentBenchmark shared) {
      int seed = shared.threadSeeds.incrementAndGet();
      int readPercent =
          switch (shared.mix) {
            case "read" -> 100;
            case "90-10" -> 90;
            case "50-50" -> 50;
            case "merge" -> -1;
            default -> throw new IllegalArgumentException("mix: " + shared.mix);
          };
      Object[] lookups =
          readPercent == 100 || readPercent < 0
              ? Arrays.copyOf(shared.universe, shared.size)
              : shared.universe;
      SplittableRandom random = new SplittableRandom(KeyType.SEED * 31 + seed);
      ops = new byte[SEQUENCE];
      keys = new Object[SEQUENCE];
      boolean nextWriteIsPut = true;
      for (int i = 0; i < SEQUENCE; i++) {
        if (readPercent < 0) {
          ops[i] = MERGE;
          keys[i] = shared.keyType.copy(lookups[random.nextInt(lookups.length)]);
        } else if (random.nextInt(100) < readPercent) {
          ops[i] = GET;
          keys[i] = shared.keyType.copy(lookups[random.nextInt(lookups.length)]);
        } else {
          ops[i] = nextWriteIsPut ? PUT : REMOVE;
          nextWriteIsPut = !nextWriteIsPut;
          keys[i] = shared.keyType.copy(shared.universe[random.nextInt(shared.universe.length)]);
        }
      }
      cursor = 0;
    }
  }

  private static Object sum(Object a, Object b) {
    return (Integer) a + (Integer) b;
  }

  /** Runs {@link #BATCH} operations of the thread's sequence; returns how many gets hit. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int operations(Sequence s) {
    Map<Object, Object> m = map;
    byte[] ops = s.ops;
    Object[] keys = s.keys;
    int c = s.cursor;
    int hits = 0;
    for (int i = 0; i < BATCH; i++) {
      Object key = keys[c];
      switch (ops[c]) {
        case GET -> hits += m.get(key) != null ? 1 : 0;
        case PUT -> m.put(key, key);
        case REMOVE -> m.remove(key);
        default -> m.merge(key, ONE, ConcurrentBenchmark::sum);
      }
      c = (c + 1) & (SEQUENCE - 1);
    }
    s.cursor = c;
    return hits;
  }
}
