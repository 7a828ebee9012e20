/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.proto;

/**
 * Layout (B): a 32-bit hash per slot in an {@code int[]} (0 = free), keys and values interleaved
 * bucket by bucket, 8-slot buckets, a power-of-two bucket count doubled at load 0.95. A slot is
 * compared by its stored hash before its key; growth needs no {@code hashCode()} (the stored hash
 * gives both buckets).
 */
public final class ProtoHashPerSlot extends ProtoMap {
  private static final double MAX_LOAD = 0.95;
  private int[] hashes;
  private Object[] kv;

  public ProtoHashPerSlot() {
    this(0);
  }

  public ProtoHashPerSlot(int expectedSize) {
    allocate(Integer.highestOneBit(Math.max(2, (int) (expectedSize / (8 * MAX_LOAD)) + 1) * 2 - 1));
  }

  private void allocate(int buckets) {
    hashes = new int[8 * buckets];
    kv = new Object[16 * buckets];
  }

  /** The stored hash: the high half of the mixed hash, never 0. */
  private static int stored(long x) {
    int h = (int) (x >>> 32);
    return h == 0 ? 1 : h;
  }

  private static int bucket0(int h, int mask) {
    return (h >>> 8) & mask;
  }

  private static int bucket1(int h, int mask) {
    return ((h * 0x9E3779B9) >>> 8) & mask;
  }

  private int find(int h, Object key) {
    int[] hs = hashes;
    int mask = (hs.length >>> 3) - 1;
    int s0 = bucket0(h, mask) << 3;
    int s1 = bucket1(h, mask) << 3;
    for (int j = 0; j < 16; j++) {
      int s = (j < 8 ? s0 : s1 - 8) + j;
      if (hs[s] == h && same(key, kv[2 * s])) {
        return s;
      }
    }
    return -1;
  }

  @Override
  public Object get(Object key) {
    int s = find(stored(hash(key)), key);
    return s < 0 ? null : kv[2 * s + 1];
  }

  @Override
  public Object put(Object key, Object value) {
    int h = stored(hash(key));
    int s = find(h, key);
    if (s >= 0) {
      Object old = kv[2 * s + 1];
      kv[2 * s + 1] = value;
      return old;
    }
    if (size >= MAX_LOAD * hashes.length) {
      grow();
    }
    while (!place(h, key, value)) {
      grow();
    }
    size++;
    return null;
  }

  @Override
  public Object remove(Object key) {
    int s = find(stored(hash(key)), key);
    if (s < 0) {
      return null;
    }
    Object old = kv[2 * s + 1];
    hashes[s] = 0;
    kv[2 * s] = null;
    kv[2 * s + 1] = null;
    size--;
    return old;
  }

  private int loadOf(int b) {
    int n = 0;
    for (int s = 8 * b; s < 8 * b + 8; s++) {
      n += hashes[s] != 0 ? 1 : 0;
    }
    return n;
  }

  private boolean place(int h, Object key, Object value) {
    int mask = (hashes.length >>> 3) - 1;
    int b0 = bucket0(h, mask);
    int b1 = bucket1(h, mask);
    int n0 = loadOf(b0);
    int n1 = loadOf(b1);
    int b = n1 < n0 ? b1 : b0;
    if (Math.min(n0, n1) == 8 && !makeRoom(b0, mask) && !makeRoom(b = b1, mask)) {
      return false;
    }
    store(b, h, key, value);
    return true;
  }

  private boolean makeRoom(int b, int mask) {
    for (int s = 8 * b; s < 8 * b + 8; s++) {
      int h = hashes[s];
      int c0 = bucket0(h, mask);
      int other = c0 == b ? bucket1(h, mask) : c0;
      if (loadOf(other) < 8) {
        store(other, h, kv[2 * s], kv[2 * s + 1]);
        hashes[s] = 0;
        return true;
      }
    }
    return false;
  }

  private void store(int b, int h, Object key, Object value) {
    int s = 8 * b;
    while (hashes[s] != 0) {
      s++;
    }
    hashes[s] = h;
    kv[2 * s] = key;
    kv[2 * s + 1] = value;
  }

  private void grow() {
    int[] oldHashes = hashes;
    Object[] oldKv = kv;
    allocate(oldHashes.length / 4);
    for (int s = 0; s < oldHashes.length; s++) {
      if (oldHashes[s] != 0 && !place(oldHashes[s], oldKv[2 * s], oldKv[2 * s + 1])) {
        throw new IllegalStateException("prototype: no room while growing");
      }
    }
  }
}
