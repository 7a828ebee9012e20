/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.proto;

/**
 * Layout (A): buckets of 8 slots, one {@code long} of 7-bit tags (high bit = occupied) per bucket,
 * keys and values side by side in one array, both bucket indices from one 64-bit multiply, both tag
 * words loaded before any branch, one candidate loop. A key goes to the emptier of its buckets (the
 * first on ties); if both are full, one resident key of either bucket moves to its other bucket
 * (found by hashing the residents), else the table grows. Subclasses choose how a hash becomes two
 * buckets, the bucket counts, and when to grow.
 */
abstract class ProtoBuckets extends ProtoMap {
  long[] tags;
  Object[] kv;
  private final double maxLoad;

  ProtoBuckets(int buckets, double maxLoad) {
    this.maxLoad = maxLoad;
    allocate(buckets);
  }

  final void allocate(int buckets) {
    tags = new long[buckets];
    kv = new Object[16 * buckets];
  }

  /** Bucket 0 of a hash, for a table of {@code tags.length} buckets. */
  abstract int bucket0(long x, int buckets);

  /** Bucket 1 of a hash. */
  abstract int bucket1(long x, int buckets);

  /** The bucket count after the next growth. */
  abstract int grownBuckets(int buckets);

  static long tagByte(long x) {
    return ((x >>> 32) & 0x7F) | 0x80;
  }

  final int find(long x, Object key) {
    long[] t = tags;
    int b0 = bucket0(x, t.length);
    int b1 = bucket1(x, t.length);
    long p = tagByte(x) * LSB;
    long c = match(t[b0], p) | (match(t[b1], p) >>> 1);
    Object[] a = kv;
    for (; c != 0; c &= c - 1) {
      int slot = candidateSlot(Long.numberOfTrailingZeros(c), b0, b1);
      Object k = a[2 * slot];
      if (same(key, k)) {
        return slot;
      }
    }
    return -1;
  }

  @Override
  public final Object get(Object key) {
    int s = find(hash(key), key);
    return s < 0 ? null : kv[2 * s + 1];
  }

  @Override
  public final Object put(Object key, Object value) {
    long x = hash(key);
    int s = find(x, key);
    if (s >= 0) {
      Object old = kv[2 * s + 1];
      kv[2 * s + 1] = value;
      return old;
    }
    if (size >= maxLoad * 8 * tags.length) {
      grow();
    }
    while (!place(x, key, value)) {
      grow();
    }
    size++;
    return null;
  }

  @Override
  public final Object remove(Object key) {
    int s = find(hash(key), key);
    if (s < 0) {
      return null;
    }
    Object old = kv[2 * s + 1];
    tags[s >>> 3] &= ~(0xFFL << ((s & 7) << 3));
    kv[2 * s] = null;
    kv[2 * s + 1] = null;
    size--;
    return old;
  }

  /** Places an absent key; false if neither bucket nor a one-step move made room. */
  private boolean place(long x, Object key, Object value) {
    long[] t = tags;
    int b0 = bucket0(x, t.length);
    int b1 = bucket1(x, t.length);
    int n0 = loadOf(t[b0]);
    int n1 = loadOf(t[b1]);
    int b = n1 < n0 ? b1 : b0;
    if (Math.min(n0, n1) == 8 && !makeRoom(b0) && !makeRoom(b = b1)) {
      return false;
    }
    store(b, tagByte(x), key, value);
    return true;
  }

  /** Moves one key of the full bucket b to its other bucket if that has room. */
  private boolean makeRoom(int b) {
    long[] t = tags;
    for (int j = 0; j < 8; j++) {
      int s = 8 * b + j;
      Object k = kv[2 * s];
      long x = hash(k);
      int c0 = bucket0(x, t.length);
      int other = c0 == b ? bucket1(x, t.length) : c0;
      if (loadOf(t[other]) < 8) {
        store(other, tagByte(x), k, kv[2 * s + 1]);
        t[b] &= ~(0xFFL << (j << 3));
        return true;
      }
    }
    return false;
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
    allocate(grownBuckets(oldTags.length));
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
