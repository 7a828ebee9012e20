/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.proto;

import java.util.AbstractMap;
import java.util.Set;

/**
 * The shared parts of the layout prototypes: enough of {@link java.util.Map} for the benchmarks
 * (get, put, remove, size), the one-multiply hash, and the SWAR tag match. Prototypes measure a
 * layout; they are not maps to use (no iteration, no null-key corner cases beyond get/put/remove).
 */
abstract class ProtoMap extends AbstractMap<Object, Object> {
  static final long LSB = 0x0101_0101_0101_0101L;
  static final long MSB = 0x8080_8080_8080_8080L;
  private static final long GOLDEN = 0x9E37_79B9_7F4A_7C15L;
  private static final long SEED = 0x2545_F491_4F6C_DD1DL;

  int size;

  /** One 64-bit multiply of the seeded hash code: the high bits are well mixed. */
  static long hash(Object key) {
    return ((key == null ? 0 : key.hashCode()) ^ SEED) * GOLDEN;
  }

  /** Bit 7 of byte j set where byte j of {@code word} may equal the tag repeated in pattern. */
  static long match(long word, long pattern) {
    long x = word ^ pattern;
    return (x - LSB) & ~x & MSB;
  }

  /** The slot named by a set bit of {@code match(w0) | match(w1) >>> 1}, 8-slot buckets. */
  static int candidateSlot(int bit, int b0, int b1) {
    return (b1 << 3) + (((b0 - b1) << 3) & -(bit & 1)) + (bit >>> 3);
  }

  static int loadOf(long word) {
    return Long.bitCount(word & MSB);
  }

  /** The lowest free slot of a bucket word that has one. */
  static int freeSlotOf(long word) {
    return Long.numberOfTrailingZeros(~word & MSB) >>> 3;
  }

  static boolean same(Object key, Object k) {
    return k == key || (key != null && key.equals(k));
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public boolean containsKey(Object key) {
    throw new UnsupportedOperationException("prototype");
  }

  @Override
  public Set<Entry<Object, Object>> entrySet() {
    throw new UnsupportedOperationException("prototype");
  }
}
