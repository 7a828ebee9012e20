/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.proto;

/**
 * Layout (A) with any bucket count: each bucket index is the high half of a 32-bit hash half times
 * the bucket count (two independent multiplies after the hash), so the table can grow by any
 * factor. Growth factor and maximum load are parameters.
 */
public final class ProtoAnySize extends ProtoBuckets {
  private final double growth;

  public ProtoAnySize(int expectedSize, double maxLoad, double growth) {
    super(Math.max(2, (int) Math.ceil(expectedSize / (8 * maxLoad))), maxLoad);
    this.growth = growth;
  }

  @Override
  int bucket0(long x, int buckets) {
    return (int) (((x >>> 32) * buckets) >>> 32);
  }

  @Override
  int bucket1(long x, int buckets) {
    return (int) ((((x ^ (x >>> 32)) & 0xFFFF_FFFFL) * buckets) >>> 32);
  }

  @Override
  int grownBuckets(int buckets) {
    return Math.max(buckets + 1, (int) (buckets * growth));
  }
}
