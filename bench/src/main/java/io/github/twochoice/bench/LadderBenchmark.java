/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench;

import io.github.twochoice.bench.ladder.BatchLookup;
import io.github.twochoice.bench.ladder.IsolatingLoader;
import io.github.twochoice.map.CuckooHashMap;
import io.github.twochoice.map.DLeftHashMap;
import io.github.twochoice.map.TwoChoiceHashMap;
import java.util.Arrays;
import java.util.Map;
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
 * The lookup ladder with every rung in one JVM: the fourteen rungs of {@code LadderMap}, the three
 * maps of the library and the peers, each over its own copy of the keys, looked up in turn, a run
 * of {@link #RUN} keys each, the first contender of each turn rotating. Each run is timed with
 * {@code System.nanoTime} (two calls per {@value #RUN} lookups) and summed per contender into the
 * auxiliary counters {@link Nanos}: a fork's slow or fast spell falls on every contender alike, so
 * the ratios of one fork compare what the per-rung forks of {@code bench/ladder.sh} could not.
 *
 * <p>Every contender's lookup loop is a class of its own ({@link IsolatingLoader}), so each call
 * site sees one map class, as in a JVM that runs one map; each of the library's maps runs in a copy
 * of the whole library, so the three share no profile either. What the contenders share is the
 * cache: between two runs of one contender the others' runs evict its lines, so a map of one run's
 * keys is first looked up once untimed ({@link #warmFirst}). Tabulate with {@code python3
 * bench/alternating.py FILES}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms6g", "-Xmx6g", "-XX:+AlwaysPreTouch", "-XX:ParallelGCThreads=1"})
@State(Scope.Thread)
public class LadderBenchmark {
  /** Lookups per contender per turn. */
  static final int RUN = 10_000;

  /** The rungs of {@code LadderMap}. */
  private static final int RUNGS = 14;

  /** The maps beside the rungs, in the order of {@link Nanos}. */
  private static final Impl[] MAPS = {
    Impl.HashMap, Impl.fastutil, Impl.Koloboke, Impl.TwoChoice, Impl.DLeft, Impl.Cuckoo
  };

  /** Number of entries; a multiple of {@link #RUN}. */
  @Param({"10000", "1000000"})
  int size;

  /** The key type; without values JMH runs both. */
  @Param KeyType keyType;

  private BatchLookup[] contenders;
  private Object[] hits;
  private Object[] misses;
  private int cursor;
  private int turn;

  /**
   * Whether a run is the whole map, whose keys an untimed pass brings into cache first: at 10^4
   * keys each contender is then timed with its map in cache, as when it runs alone, not after the
   * other contenders' runs evicted it. Larger maps do not fit in cache alone either.
   */
  private boolean warmFirst;

  /**
   * Every contender's nanoseconds in its runs, and the lookups each made, summed over an iteration.
   * JMH reports them per iteration and fork; a contender's time per lookup is its nanoseconds over
   * {@link #lookups}.
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Nanos {
    final long[] nanos = new long[RUNGS + MAPS.length];
    long lookups;

    /** Clears the sums before each iteration. */
    @Setup(Level.Iteration)
    public void clear() {
      Arrays.fill(nanos, 0);
      lookups = 0;
    }

    public long lookups() {
      return lookups;
    }

    public long rung0() {
      return nanos[0];
    }

    public long rung1() {
      return nanos[1];
    }

    public long rung2() {
      return nanos[2];
    }

    public long rung3() {
      return nanos[3];
    }

    public long rung4() {
      return nanos[4];
    }

    public long rung5() {
      return nanos[5];
    }

    public long rung6() {
      return nanos[6];
    }

    public long rung7() {
      return nanos[7];
    }

    public long rung8() {
      return nanos[8];
    }

    public long rung9() {
      return nanos[9];
    }

    public long rung10() {
      return nanos[10];
    }

    public long rung11() {
      return nanos[11];
    }

    public long rung12() {
      return nanos[12];
    }

    public long rung13() {
      return nanos[13];
    }

    public long mapHashMap() {
      return nanos[RUNGS];
    }

    public long mapFastutil() {
      return nanos[RUNGS + 1];
    }

    public long mapKoloboke() {
      return nanos[RUNGS + 2];
    }

    public long mapTwoChoice() {
      return nanos[RUNGS + 3];
    }

    public long mapDLeft() {
      return nanos[RUNGS + 4];
    }

    public long mapCuckoo() {
      return nanos[RUNGS + 5];
    }
  }

  /** Builds every contender over its own copies of the keys, grown by {@code put}. */
  @Setup(Level.Trial)
  public void setUp() {
    if (size % RUN != 0) {
      throw new IllegalArgumentException("size must be a multiple of " + RUN + ": " + size);
    }
    Object[] keys = keyType.keys(2 * size);
    contenders = new BatchLookup[RUNGS + MAPS.length];
    for (int rung = 0; rung < RUNGS; rung++) {
      contenders[rung] = IsolatingLoader.ladderAt(rung, map -> fill(map, keys));
    }
    for (int m = 0; m < MAPS.length; m++) {
      String library = libraryClass(MAPS[m]);
      if (library != null) {
        contenders[RUNGS + m] = IsolatingLoader.libraryMap(library, map -> fill(map, keys));
      } else {
        Map<Object, Object> map = MAPS[m].newMap();
        fill(map, keys);
        contenders[RUNGS + m] = IsolatingLoader.loopOver(map);
      }
    }
    hits = keyType.copies(Arrays.copyOfRange(keys, 0, size), KeyType.SEED + 1);
    misses = keyType.copies(Arrays.copyOfRange(keys, size, 2 * size), KeyType.SEED + 2);
    for (BatchLookup contender : contenders) {
      int found = contender.countFound(hits, 0, size) + contender.countFound(misses, 0, size);
      if (found != size) {
        throw new IllegalStateException(contender + " found " + found + " keys, not " + size);
      }
    }
    warmFirst = size == RUN;
    System.gc();
  }

  /** Returns the class of a library map, made in a copy of the library; null for a peer. */
  private static String libraryClass(Impl impl) {
    return switch (impl) {
      case TwoChoice -> TwoChoiceHashMap.class.getName();
      case DLeft -> DLeftHashMap.class.getName();
      case Cuckoo -> CuckooHashMap.class.getName();
      default -> null;
    };
  }

  /** Puts {@code keys[0, size)} into {@code map}, each an equal copy of its own. */
  private void fill(Map<Object, Object> map, Object[] keys) {
    for (int i = 0; i < size; i++) {
      Object key = keyType.copy(keys[i]);
      map.put(key, key);
    }
  }

  /** One turn of lookups of present keys: {@link #RUN} per contender. */
  @Benchmark
  public int getHit(Nanos nanos) {
    return turn(hits, nanos);
  }

  /** One turn of lookups of absent keys: {@link #RUN} per contender. */
  @Benchmark
  public int getMiss(Nanos nanos) {
    return turn(misses, nanos);
  }

  private int turn(Object[] keys, Nanos nanos) {
    int from = cursor;
    int to = from + RUN;
    int n = contenders.length;
    int first = turn;
    int found = 0;
    for (int k = 0; k < n; k++) {
      int c = first + k < n ? first + k : first + k - n;
      if (warmFirst) {
        found -= contenders[c].countFound(keys, from, to);
      }
      long start = System.nanoTime();
      found += contenders[c].countFound(keys, from, to);
      nanos.nanos[c] += System.nanoTime() - start;
    }
    nanos.lookups += RUN;
    turn = first + 1 == n ? 0 : first + 1;
    cursor = to == keys.length ? 0 : to;
    return found;
  }
}
