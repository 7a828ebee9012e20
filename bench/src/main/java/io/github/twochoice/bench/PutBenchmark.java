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
import org.openjdk.jmh.infra.Blackhole;

/**
 * Building a map of {@code size} random keys by {@code put} into a fresh map made by the default
 * constructor, growth included ({@code fill=grown}), or by the expected-size constructor ({@code
 * fill=presized}), which never grows. Each invocation builds {@code 10^6 / size} maps, so the score
 * is per key inserted at every size.
 */
public class PutBenchmark extends MapBenchmark {
  private Object[] keys;

  @Setup(Level.Trial)
  public void setUp() {
    checkSize();
    keys = keyType.keys(size);
    build(keys, size); // checks the implementation once
    settle();
  }

  /** Inserts {@link #KEYS_PER_INVOCATION} keys into fresh maps of {@code size} keys each. */
  @Benchmark
  @OperationsPerInvocation(KEYS_PER_INVOCATION)
  public void put(Blackhole blackhole) {
    Object[] k = keys;
    boolean presized = fill.equals("presized");
    for (int r = KEYS_PER_INVOCATION / size; r > 0; r--) {
      Map<Object, Object> map = presized ? impl.newMap(size) : impl.newMap();
      for (Object key : k) {
        map.put(key, key);
      }
      blackhole.consume(map);
    }
  }
}
