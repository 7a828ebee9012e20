/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench;

import io.github.twochoice.bench.ladder.BatchBuild;
import io.github.twochoice.bench.ladder.IsolatingLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Building maps by {@code put} with every contender in one JVM, alternating, as {@link
 * LadderBenchmark} does for lookups: {@code HashMap}, fastutil, Koloboke, the ladder's bare map
 * (rung 0 of {@code LadderMap}), the library's three maps and, with {@code -Dbuild.variant=DIR} (a
 * directory of compiled library classes), the same three maps of that version of the library. Each
 * turn every contender builds one map of {@code size} keys from a new map ({@code fill=presized}:
 * made for {@code size} keys; {@code grown}: by the default constructor), the first contender
 * rotating from turn to turn; each build is timed with {@code System.nanoTime} into the auxiliary
 * counters {@link Nanos}. Every contender's build loop and every copy of the library is a class of
 * its own ({@code IsolatingLoader}), so no call site sees two maps. Tabulate with {@code python3
 * bench/alternating.py FILES}: per fork, time per key over {@code HashMap}'s.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@State(Scope.Thread)
public class BuildBenchmark {
  /** The names of the library's maps, as {@code LibraryMaps} knows them. */
  private static final String[] LIBRARY = {"TwoChoice", "DLeft", "Cuckoo"};

  /** The most variants {@link Nanos} counts. */
  static final int VARIANTS = 4;

  /** The peers, in the order of {@link Nanos}. */
  private static final Impl[] PEERS = {Impl.HashMap, Impl.fastutil, Impl.Koloboke};

  /** Number of entries per map built. */
  @Param({"10000", "1000000"})
  int size;

  /** The key type; without values JMH runs both. */
  @Param KeyType keyType;

  /** {@code presized} or {@code grown}, as in {@link PutBenchmark}. */
  @Param({"presized", "grown"})
  String fill;

  private BatchBuild[] contenders;
  private Object[] keys;
  private boolean presized;
  private int turn;

  /**
   * Every contender's nanoseconds in its builds, and the keys each put, summed over an iteration; a
   * contender's time per key is its nanoseconds over {@link #keys}. The variant's counters stay 0
   * without {@code -Dbuild.variant}.
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Nanos {
    final long[] nanos = new long[PEERS.length + 1 + LIBRARY.length + VARIANTS];
    long keys;

    /** Clears the sums before each iteration. */
    @Setup(Level.Iteration)
    public void clear() {
      Arrays.fill(nanos, 0);
      keys = 0;
    }

    public long keys() {
      return keys;
    }

    public long mapHashMap() {
      return nanos[0];
    }

    public long mapFastutil() {
      return nanos[1];
    }

    public long mapKoloboke() {
      return nanos[2];
    }

    public long rung0() {
      return nanos[3];
    }

    public long mapTwoChoice() {
      return nanos[4];
    }

    public long mapDLeft() {
      return nanos[5];
    }

    public long mapCuckoo() {
      return nanos[6];
    }

    public long variant1() {
      return nanos[7];
    }

    public long variant2() {
      return nanos[8];
    }

    public long variant3() {
      return nanos[9];
    }

    public long variant4() {
      return nanos[10];
    }
  }

  /** Makes every contender's build loop and checks that each builds the whole map. */
  @Setup(Level.Trial)
  public void setUp() {
    keys = keyType.keys(size);
    presized = fill.equals("presized");
    String[] variants = System.getProperty("build.variants", "").split(",", -1);
    int count = variants[0].isEmpty() ? 0 : variants.length;
    if (count > VARIANTS) {
      throw new IllegalArgumentException("at most " + VARIANTS + " variants: " + count);
    }
    contenders = new BatchBuild[PEERS.length + 1 + LIBRARY.length + count];
    for (int p = 0; p < PEERS.length; p++) {
      Impl peer = PEERS[p];
      contenders[p] = IsolatingLoader.buildOver(n -> n < 0 ? peer.newMap() : peer.newMap(n));
    }
    contenders[PEERS.length] = IsolatingLoader.libraryBuild("Ladder", null);
    for (int m = 0; m < LIBRARY.length; m++) {
      contenders[PEERS.length + 1 + m] = IsolatingLoader.libraryBuild(LIBRARY[m], null);
    }
    for (int v = 0; v < count; v++) {
      String[] mapAndClasses = variants[v].split(":", 2);
      if (mapAndClasses.length != 2) {
        throw new IllegalArgumentException("a variant is MAP:DIRECTORY: " + variants[v]);
      }
      contenders[PEERS.length + 1 + LIBRARY.length + v] =
          IsolatingLoader.libraryBuild(mapAndClasses[0], Path.of(mapAndClasses[1]));
    }
    for (BatchBuild contender : contenders) {
      int built = contender.build(keys, size, presized);
      if (built != size) {
        throw new IllegalStateException(contender + " built " + built + " keys, not " + size);
      }
    }
    System.gc();
  }

  /** One turn: every contender builds one map. */
  @Benchmark
  public int build(Nanos nanos) {
    int n = contenders.length;
    int first = turn;
    int built = 0;
    for (int k = 0; k < n; k++) {
      int c = first + k < n ? first + k : first + k - n;
      long start = System.nanoTime();
      built += contenders[c].build(keys, size, presized);
      nanos.nanos[c] += System.nanoTime() - start;
    }
    nanos.keys += size;
    turn = first + 1 == n ? 0 : first + 1;
    return built;
  }
}
