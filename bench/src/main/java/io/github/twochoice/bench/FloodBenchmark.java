/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench;

import java.util.Map;
import java.util.concurrent.TimeUnit;
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
 * A hash-flooding attack: 2<sup>16</sup> distinct 32-character Strings with one {@link
 * String#hashCode()} (each is 16 blocks of "Aa" or "BB", which hash alike), put into a fresh map
 * made by the default constructor and then all looked up with equal copies ({@link
 * KeyType#copies}). No seeded hash can separate them; the score is the mean time per operation (put
 * or get) of the whole sequence.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@State(Scope.Thread)
public class FloodBenchmark {
  /** Blocks per key: 2^BLOCKS keys. */
  static final int BLOCKS = 16;

  /** Number of colliding keys. */
  static final int KEYS = 1 << BLOCKS;

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

  private String[] keys;
  private Object[] lookups;

  /** Returns the {@code i}-th colliding key: bit b of i picks "BB" or "Aa" for block b. */
  static String collidingKey(int i) {
    StringBuilder s = new StringBuilder(2 * BLOCKS);
    for (int b = 0; b < BLOCKS; b++) {
      s.append((i >>> b & 1) == 0 ? "Aa" : "BB");
    }
    return s.toString();
  }

  @Setup(Level.Trial)
  public void setUp() {
    keys = new String[KEYS];
    for (int i = 0; i < KEYS; i++) {
      keys[i] = collidingKey(i);
      if (keys[i].hashCode() != keys[0].hashCode()) {
        throw new AssertionError("not colliding: " + keys[i]);
      }
    }
    KeyType.shuffle(keys, KeyType.SEED + 3);
    lookups = KeyType.String.copies(keys, KeyType.SEED + 4);
    MapBenchmark.settle();
  }

  /** Puts all colliding keys into a fresh map, then gets them all; returns the map. */
  @Benchmark
  @OperationsPerInvocation(2 * KEYS)
  public Map<Object, Object> flood() {
    Map<Object, Object> map = impl.newMap();
    for (String key : keys) {
      map.put(key, key);
    }
    int found = 0;
    for (Object key : lookups) {
      if (map.get(key) != null) {
        found++;
      }
    }
    if (found != KEYS || map.size() != KEYS) {
      throw new IllegalStateException(impl + " found " + found + " of " + KEYS + " keys");
    }
    return map;
  }
}
