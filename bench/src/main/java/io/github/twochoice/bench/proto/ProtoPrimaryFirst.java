/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.proto;

/**
 * Layout (C): the tag words and slots of (A), but primary-first placement. A key goes to its first
 * bucket if it has room, else to its second, and the first bucket counts its keys living elsewhere
 * ({@code displaced}, a byte per bucket). A lookup reads the second bucket only when the first
 * bucket's count is non-zero, so most hits and misses touch one bucket (Horton tables, Cuckoo++).
 * Power-of-two bucket count, doubled at load 0.95.
 */
public final class ProtoPrimaryFirst extends ProtoMap {
  private static final double MAX_LOAD = 0.95;
  private long[] tags;
  private byte[] displaced;
  private Object[] kv;

  public ProtoPrimaryFirst() {
    this(0);
  }

  public ProtoPrimaryFirst(int expectedSize) {
    allocate(Integer.highestOneBit(Math.max(2, (int) (expectedSize / (8 * MAX_LOAD)) + 1) * 2 - 1));
  }

  private void allocate(int buckets) {
    tags = new long[buckets];
    displaced = new byte[buckets];
    kv = new Object[16 * buckets];
  }

  private static int bucket0(long x, int mask) {
    return (int) (x >>> 40) & mask;
  }

  private static int bucket1(long x, int mask) {
    return (int) (x >>> 14) & mask;
  }

  private static long tagByte(long x) {
    return ((x >>> 32) & 0x7F) | 0x80;
  }

  private int findIn(int b, long pattern, Object key) {
    for (long c = match(tags[b], pattern); c != 0; c &= c - 1) {
      int s = 8 * b + (Long.numberOfTrailingZeros(c) >>> 3);
      if (same(key, kv[2 * s])) {
        return s;
      }
    }
    return -1;
  }

  private int find(long x, Object key) {
    int mask = tags.length - 1;
    int b0 = bucket0(x, mask);
    long p = tagByte(x) * LSB;
    int s = findIn(b0, p, key);
    if (s >= 0 || displaced[b0] == 0) {
      return s;
    }
    return findIn(bucket1(x, mask), p, key);
  }

  @Override
  public Object get(Object key) {
    int s = find(hash(key), key);
    return s < 0 ? null : kv[2 * s + 1];
  }

  @Override
  public Object put(Object key, Object value) {
    long x = hash(key);
    int s = find(x, key);
    if (s >= 0) {
      Object old = kv[2 * s + 1];
      kv[2 * s + 1] = value;
      return old;
    }
    if (size >= MAX_LOAD * 8 * tags.length) {
      grow();
    }
    while (!place(x, key, value)) {
      grow();
    }
    size++;
    return null;
  }

  @Override
  public Object remove(Object key) {
    long x = hash(key);
    int s = find(x, key);
    if (s < 0) {
      return null;
    }
    int mask = tags.length - 1;
    int b0 = bucket0(x, mask);
    if (s >>> 3 != b0) {
      displaced[b0]--;
    }
    Object old = kv[2 * s + 1];
    tags[s >>> 3] &= ~(0xFFL << ((s & 7) << 3));
    kv[2 * s] = null;
    kv[2 * s + 1] = null;
    size--;
    return old;
  }

  private boolean place(long x, Object key, Object value) {
    int mask = tags.length - 1;
    int b0 = bucket0(x, mask);
    if (loadOf(tags[b0]) < 8) {
      store(b0, tagByte(x), key, value);
      return true;
    }
    int b1 = bucket1(x, mask);
    if (b1 == b0 || loadOf(tags[b1]) == 8 || displaced[b0] == Byte.MAX_VALUE) {
      return false;
    }
    displaced[b0]++;
    store(b1, tagByte(x), key, value);
    return true;
  }

  private void store(int b, long tag, Object key, Object value) {
    long w = tags[b];
    int j = freeSlotOf(w);
    tags[b] = w | tag << (j << 3);
    int s = 8 * b + j;
    kv[2 * s] = key;
    kv[2 * s + 1] = value;
  }

  private void grow() {
    long[] oldTags = tags;
    Object[] oldKv = kv;
    allocate(2 * oldTags.length);
    for (int b = 0; b < oldTags.length; b++) {
      for (long m = oldTags[b] & MSB; m != 0; m &= m - 1) {
        int s = 8 * b + (Long.numberOfTrailingZeros(m) >>> 3);
        Object k = oldKv[2 * s];
        if (!place(hash(k), k, oldKv[2 * s + 1])) {
          throw new IllegalStateException("prototype: no room while growing");
        }
      }
    }
  }
}
