/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The parameters and settings shared by the map benchmarks: every {@link Impl} but {@link
 * Impl#SmoothieMap}, two sizes (in cache and not), two key types, throughput in operations per
 * microsecond. Scores are per single map operation (one get, one put, one remove+put pair, one
 * entry visited), so they compare across sizes.
 *
 * <p>Each fork runs one (impl, size, keyType) combination in a fresh JVM with a fixed 4 GB heap, so
 * no map type pollutes the call-site profiles of another. The heap is touched before the benchmark
 * starts ({@code -XX:+AlwaysPreTouch}): otherwise every page of the young generation costs a page
 * fault the first time an allocation reaches it, and under ParallelGC, whose young generation is a
 * gigabyte here, that first pass lasts seconds: {@code HashMap}'s {@code put} of 10<sup>4</sup>
 * {@code String} keys ran at 6.5 per microsecond for three iterations, then at 44 and 75, and at 97
 * to 101 from the start with the heap touched.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@State(Scope.Thread)
public abstract class MapBenchmark {
  /** Map operations per benchmark invocation of the lookup and churn loops. */
  static final int BATCH = 1000;

  /** Keys inserted (or entries visited) per invocation of the put and iterate benchmarks. */
  static final int KEYS_PER_INVOCATION = 1_000_000;

  /** The implementation: every {@link Impl} but {@link Impl#SmoothieMap}. */
  @Param({
    "HashMap",
    "fastutil",
    "Koloboke",
    "OneChoice",
    "TwoChoice",
    "DLeft",
    "Cuckoo",
    "ConcurrentHashMap",
    "ConcurrentCuckoo"
  })
  Impl impl;

  /** Number of entries; must divide {@link #KEYS_PER_INVOCATION} and be a multiple of BATCH. */
  @Param({"10000", "1000000"})
  int size;

  /** The key type; without values JMH runs both. */
  @Param KeyType keyType;

  /**
   * How the map of the read and churn benchmarks is built: {@code grown} by {@code put} from the
   * default constructor (where the size falls in the map's growth cycle decides its load), or
   * {@code presized} with the expected-size constructor, which puts our maps at their load factor:
   * the fullest they get.
   */
  @Param({"grown"})
  String fill;

  /** Checks that {@link #size} fits the fixed per-invocation operation counts. */
  void checkSize() {
    if (size < BATCH || size % BATCH != 0 || KEYS_PER_INVOCATION % size != 0) {
      throw new IllegalArgumentException(
          "size must be a multiple of " + BATCH + " dividing " + KEYS_PER_INVOCATION + ": " + size);
    }
  }

  /**
   * Collects the setup's garbage and promotes what it keeps (the keys, the map), so that every
   * implementation is measured from the same heap: keys that have outlived a collection, as in a
   * program whose keys are older than the operation at hand. Under G1 this matters: storing a
   * reference to a young object into a large old array costs more than to an old one.
   */
  static void settle() {
    System.gc();
  }

  /** Returns a map made as {@link #fill} says holding {@code keys[0, n)}, each its own value. */
  Map<Object, Object> build(Object[] keys, int n) {
    Map<Object, Object> map = fill.equals("presized") ? impl.newMap(n) : impl.newMap();
    for (int i = 0; i < n; i++) {
      map.put(keys[i], keys[i]);
    }
    if (map.size() != n) {
      throw new IllegalStateException(impl + " holds " + map.size() + " entries, not " + n);
    }
    return map;
  }
}
