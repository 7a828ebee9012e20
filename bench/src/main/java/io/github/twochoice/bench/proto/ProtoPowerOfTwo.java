/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.proto;

/**
 * Layout (A) with a power-of-two bucket count: the two bucket indices are two bit ranges of the
 * hash under a mask (no multiply, no bounds check), and the table doubles at load 0.95.
 */
public final class ProtoPowerOfTwo extends ProtoBuckets {
  public ProtoPowerOfTwo() {
    this(0);
  }

  public ProtoPowerOfTwo(int expectedSize) {
    super(Integer.highestOneBit(Math.max(2, (int) (expectedSize / (8 * 0.95)) + 1) * 2 - 1), 0.95);
  }

  @Override
  int bucket0(long x, int buckets) {
    return (int) (x >>> 40) & (buckets - 1);
  }

  @Override
  int bucket1(long x, int buckets) {
    return (int) (x >>> 14) & (buckets - 1);
  }

  @Override
  int grownBuckets(int buckets) {
    return 2 * buckets;
  }
}
