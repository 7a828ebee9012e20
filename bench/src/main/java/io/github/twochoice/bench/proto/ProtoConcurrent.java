/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.proto;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A concurrent two-choice table of 8-slot buckets, bare: lookups read optimistically and validate
 * against lock words (seqlock: odd while a writer holds the word), writers lock their key's two
 * lock words in ascending order, search under the locks and store with opaque stores. Subclasses
 * say where a bucket's lock word lives ({@link ProtoStripeLocks}: one of 32 stripe words, as in the
 * product until a key's buckets shared one stripe; {@link ProtoBucketLocks}: a word beside the
 * bucket's tag word) and where the key count goes. Its one question: what the placement of the lock
 * words costs two writing threads.
 *
 * <p>Presized only, for a load of 0.23 to 0.45 keys per slot (two choices without cuckoo moves fill
 * a bucket of 8 near load 0.6), never grows, no freeze: enough for {@code ConcurrentBenchmark -p
 * fill=presized}, whose maps stay at their size. An insert into two full buckets throws.
 */
abstract class ProtoConcurrent extends ProtoMap {
  static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
  private static final VarHandle OBJECTS = MethodHandles.arrayElementVarHandle(Object[].class);

  /** Bucket count minus one (a power of two minus one). */
  final int mask;

  /** Key and value of slot s at 2s and 2s + 1. */
  private final Object[] kv;

  ProtoConcurrent(int expectedSize) {
    int buckets = Integer.highestOneBit(Math.max(2, (int) (expectedSize / (8 * 0.45)) + 1) * 2 - 1);
    this.mask = buckets - 1;
    this.kv = new Object[16 * buckets];
  }

  /** The array that holds bucket {@code b}'s tag word, at {@link #tagIndex}. */
  abstract long[] tagArray();

  abstract int tagIndex(int b);

  /** The array that holds bucket {@code b}'s lock word, at {@link #lockIndex}. */
  abstract long[] lockArray();

  abstract int lockIndex(int b);

  /** Counts a key in or out of bucket {@code b}; the caller holds its lock. */
  abstract void count(int b, int delta);

  /** The keys counted, exact when no write is in flight. */
  abstract long keys();

  @Override
  public final int size() {
    return (int) keys();
  }

  /** A key's first bucket: bits 40 and up of its hash. */
  private int bucket0(long x) {
    return (int) (x >>> 40) & mask;
  }

  /** A key's second bucket: bits 14 and up of its hash. */
  private int bucket1(long x) {
    return (int) (x >>> 14) & mask;
  }

  private long tagWord(int b) {
    return (long) LONGS.getOpaque(tagArray(), tagIndex(b));
  }

  @Override
  public final Object get(Object key) {
    long x = hash(key);
    int b0 = bucket0(x);
    int b1 = bucket1(x);
    long pattern = ProtoBuckets.tagByte(x) * LSB;
    long[] locks = lockArray();
    int l0 = lockIndex(b0);
    int l1 = lockIndex(b1);
    for (; ; ) {
      long v0 = (long) LONGS.getAcquire(locks, l0);
      long v1 = (long) LONGS.getAcquire(locks, l1);
      if (((v0 | v1) & 1) != 0) {
        Thread.onSpinWait();
        continue;
      }
      long c = match(tagWord(b0), pattern) | (match(tagWord(b1), pattern) >>> 1);
      boolean stale = false;
      for (; c != 0; c &= c - 1) {
        int slot = candidateSlot(Long.numberOfTrailingZeros(c), b0, b1);
        Object k = OBJECTS.getOpaque(kv, 2 * slot);
        Object v = OBJECTS.getOpaque(kv, 2 * slot + 1);
        VarHandle.acquireFence();
        if ((long) LONGS.getOpaque(locks, l0) != v0 || (long) LONGS.getOpaque(locks, l1) != v1) {
          stale = true;
          break;
        }
        if (same(key, k)) {
          return v;
        }
      }
      if (!stale) {
        VarHandle.acquireFence();
        if ((long) LONGS.getOpaque(locks, l0) == v0 && (long) LONGS.getOpaque(locks, l1) == v1) {
          return null;
        }
      }
    }
  }

  @Override
  public final Object put(Object key, Object value) {
    if (value == null) {
      throw new NullPointerException("value");
    }
    return write(key, value);
  }

  @Override
  public final Object remove(Object key) {
    return get(key) == null ? null : write(key, null); // a validated miss takes no lock
  }

  /**
   * Under both buckets' locks: sets the key's value to {@code value}, inserting it into the emptier
   * bucket if absent, or removes it if {@code value} is null. Returns the previous value.
   */
  private Object write(Object key, Object value) {
    long x = hash(key);
    int b0 = bucket0(x);
    int b1 = bucket1(x);
    lock(b0, b1);
    try {
      int slot = findLocked(x, key, b0, b1);
      if (slot >= 0) {
        Object old = kv[2 * slot + 1];
        if (value != null) {
          OBJECTS.setOpaque(kv, 2 * slot + 1, value);
        } else {
          int b = slot >>> 3;
          LONGS.setOpaque(tagArray(), tagIndex(b), tagWord(b) & ~(0xFFL << (8 * (slot & 7))));
          OBJECTS.setOpaque(kv, 2 * slot, null);
          OBJECTS.setOpaque(kv, 2 * slot + 1, null);
          count(b, -1);
        }
        return old;
      }
      if (value != null) {
        insert(x, key, value, b0, b1);
      }
      return null;
    } finally {
      unlock(b0, b1);
    }
  }

  private void insert(long x, Object key, Object value, int b0, int b1) {
    long w0 = tagWord(b0);
    long w1 = tagWord(b1);
    int b = loadOf(w1) < loadOf(w0) ? b1 : b0;
    long w = b == b0 ? w0 : w1;
    if (loadOf(w) == 8) {
      throw new IllegalStateException("prototype: both buckets full (it has no cuckoo moves)");
    }
    int j = freeSlotOf(w);
    int s = 8 * b + j;
    OBJECTS.setOpaque(kv, 2 * s, key);
    OBJECTS.setOpaque(kv, 2 * s + 1, value);
    LONGS.setOpaque(tagArray(), tagIndex(b), w | ProtoBuckets.tagByte(x) << (8 * j));
    count(b, 1);
  }

  private int findLocked(long x, Object key, int b0, int b1) {
    long pattern = ProtoBuckets.tagByte(x) * LSB;
    long c = match(tagWord(b0), pattern) | (match(tagWord(b1), pattern) >>> 1);
    for (; c != 0; c &= c - 1) {
      int slot = candidateSlot(Long.numberOfTrailingZeros(c), b0, b1);
      if (same(key, kv[2 * slot])) {
        return slot;
      }
    }
    return -1;
  }

  /** Takes both buckets' lock words, the lower index first (one word if they share it). */
  private void lock(int b0, int b1) {
    int l0 = lockIndex(b0);
    int l1 = lockIndex(b1);
    lockWord(Math.min(l0, l1));
    if (l0 != l1) {
      lockWord(Math.max(l0, l1));
    }
  }

  private void unlock(int b0, int b1) {
    int l0 = lockIndex(b0);
    int l1 = lockIndex(b1);
    unlockWord(l0);
    if (l0 != l1) {
      unlockWord(l1);
    }
  }

  private void lockWord(int at) {
    long[] locks = lockArray();
    for (; ; ) {
      long v = (long) LONGS.getVolatile(locks, at);
      if ((v & 1) == 0 && LONGS.compareAndSet(locks, at, v, v + 1)) {
        return;
      }
      Thread.onSpinWait();
    }
  }

  private void unlockWord(int at) {
    long[] locks = lockArray();
    LONGS.setRelease(locks, at, (long) LONGS.get(locks, at) + 1);
  }
}
