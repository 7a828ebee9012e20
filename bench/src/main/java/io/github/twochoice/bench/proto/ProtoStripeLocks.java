/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.proto;

/**
 * {@link ProtoConcurrent} with the product's lock placement before 3 December 2026: bucket b locks
 * stripe {@code b mod 32}, one word per 128-byte record, which also counts the stripe's keys, and a
 * key's two buckets lie anywhere, so usually in two stripes.
 */
public final class ProtoStripeLocks extends ProtoConcurrent {
  private static final int STRIPES = 32;
  private static final int STRIDE = 16;

  private final long[] tags;
  private final long[] stripes = new long[STRIPES * STRIDE];

  public ProtoStripeLocks(int expectedSize) {
    super(expectedSize);
    tags = new long[mask + 1];
  }

  @Override
  long[] tagArray() {
    return tags;
  }

  @Override
  int tagIndex(int b) {
    return b;
  }

  @Override
  long[] lockArray() {
    return stripes;
  }

  @Override
  int lockIndex(int b) {
    return STRIDE * (b & (STRIPES - 1));
  }

  @Override
  void count(int b, int delta) {
    int at = lockIndex(b) + 1;
    LONGS.setOpaque(stripes, at, (long) LONGS.get(stripes, at) + delta);
  }

  @Override
  long keys() {
    long sum = 0;
    for (int stripe = 0; stripe < STRIPES; stripe++) {
      sum += (long) LONGS.getOpaque(stripes, STRIDE * stripe + 1);
    }
    return sum;
  }
}
