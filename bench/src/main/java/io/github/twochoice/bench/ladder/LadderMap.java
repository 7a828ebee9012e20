/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.ladder;

import io.github.twochoice.hash.ChoiceHasher;
import java.util.AbstractMap;
import java.util.Set;

/**
 * The ladder from the bare 8-slot prototype to the product's lookup path, one feature per rung, to
 * measure what each costs. The rung is a constant of the class ({@code -Dladder.rung=N}, read into
 * a static final field as the class is initialised, so the JIT folds every test of it away): run
 * one JMH invocation per rung, each beside {@code HashMap} ({@code bench/ladder.sh}), or all rungs
 * in one JVM, each a copy of this class in a class loader of its own ({@code LadderBenchmark},
 * {@link IsolatingLoader}).
 *
 * <ol start="0">
 *   <li>bare: one multiply {@code (hashCode ^ seed) · φ·2^64}, power-of-two buckets from bit ranges
 *       of it, the tag from bits 32–38; both tag words before any branch, one candidate loop; the
 *       map's own fields
 *   <li>+ the 64-bit mixer (MurmurHash3 fmix64) instead of one multiply
 *   <li>+ choices {@code g_i = h1 + i·h2} reduced by multiply-shift ({@code ⌊g·n / 2^32⌋}, any n)
 *   <li>+ the d-left stride: bucket {@code i·stride + ⌊g_i·n / 2^32⌋}, stride a field (0 here)
 *   <li>+ the table as an object of its own, its fields read through the map's field
 *   <li>+ the strategy check in the key comparison (a field, null)
 *   <li>+ the keys-only layout shift: the key of slot s at {@code kv[s << keyShift]}
 *   <li>+ the check for more choices or a non-empty overflow area after a miss
 *   <li>+ the null key: {@code key == null ? 0 : key.hashCode()}
 *   <li>+ the hash family as a virtual call on a hasher object
 *   <li>+ the seed a field of the hasher object, not a constant
 *   <li>+ the value read through the table, with its checks: {@code index >= slots} (an overflow
 *       index) and {@code keyShift == 0} (a table of keys only)
 *   <li>+ the overflow area an object of its own, whose size a miss reads
 *   <li>+ the slots per bucket a field: a bucket's first slot is {@code bucket << slotShift}
 * </ol>
 *
 * <p>Placement is the same at every rung (the emptier of two buckets; when both are full one
 * resident key moves to its other bucket; doubling at load 0.95), so rungs differ only in the
 * lookup path and in how a key maps to its buckets. Not a map to use: get, put and remove only.
 */
public final class LadderMap extends AbstractMap<Object, Object> {
  /** The rung, fixed for the JVM. */
  static final int RUNG = Integer.getInteger("ladder.rung", 0);

  /**
   * Whether a lookup reads the first key of both candidate buckets beside their tag words ({@code
   * -Dladder.prefetch=true}), so that the line of keys is on its way while the tags are compared: a
   * hit then waits for two levels of memory (tags and keys, then the key object) instead of three.
   */
  static final boolean PREFETCH = Boolean.getBoolean("ladder.prefetch");

  private static final long LSB = 0x0101_0101_0101_0101L;
  private static final long MSB = 0x8080_8080_8080_8080L;
  private static final long GOLDEN = 0x9E37_79B9_7F4A_7C15L;
  private static final long SEED = 0x2545_F491_4F6C_DD1DL;
  private static final double MAX_LOAD = 0.95;

  private Table table;
  private long[] tags;
  private Object[] kv;
  private int size;
  private final Hasher hasher = new Mixer(SEED);

  /** Creates an empty map. */
  public LadderMap() {
    this(0);
  }

  /**
   * Creates a map sized for {@code expectedSize} keys.
   *
   * @param expectedSize the keys it will hold
   */
  public LadderMap(int expectedSize) {
    allocate(Integer.highestOneBit(Math.max(2, (int) (expectedSize / (8 * MAX_LOAD)) + 1) * 2 - 1));
  }

  private void allocate(int buckets) {
    table = new Table(buckets);
    tags = table.tags;
    kv = table.kv;
  }

  // ---- The rungs ----

  private long hash(Object key) {
    int h = RUNG >= 8 ? (key == null ? 0 : key.hashCode()) : key.hashCode();
    if (RUNG >= 9) {
      return hasher.hashOf(h);
    }
    return RUNG >= 1 ? ChoiceHasher.mix(h, SEED) : (h ^ SEED) * GOLDEN;
  }

  /** Bucket of choice i (0 or 1) in a table of n buckets. */
  private static int bucket(long x, int i, int n, int stride) {
    if (RUNG >= 2) {
      int g = ChoiceHasher.choice(x, i);
      int reduced = (int) (((g & 0xFFFF_FFFFL) * n) >>> 32);
      return RUNG >= 3 ? i * stride + reduced : reduced;
    }
    return (int) (i == 0 ? x >>> 40 : x >>> 14) & (n - 1);
  }

  private static long tagOf(long x) {
    if (RUNG >= 2) {
      return ChoiceHasher.tag(ChoiceHasher.choice(x, 0));
    }
    return ((x >>> 32) & 0x7F) | 0x80;
  }

  private static long match(long word, long pattern) {
    long x = word ^ pattern;
    return (x - LSB) & ~x & MSB;
  }

  private static int candidateSlot(int bit, int b0, int b1) {
    return (b1 << 3) + (((b0 - b1) << 3) & -(bit & 1)) + (bit >>> 3);
  }

  private int find(long x, Object key) {
    if (RUNG >= 4) {
      return table.find(x, key);
    }
    long[] t = tags;
    int b0 = bucket(x, 0, t.length, 0);
    int b1 = bucket(x, 1, t.length, 0);
    long p = tagOf(x) * LSB;
    Object[] a = kv;
    if (PREFETCH && (a[16 * b0] == key || a[16 * b1] == key)) {
      return a[16 * b0] == key ? 8 * b0 : 8 * b1;
    }
    long c = match(t[b0], p) | (match(t[b1], p) >>> 1);
    for (; c != 0; c &= c - 1) {
      int slot = candidateSlot(Long.numberOfTrailingZeros(c), b0, b1);
      Object k = a[2 * slot];
      if (k == key || key.equals(k)) {
        return slot;
      }
    }
    return -1;
  }

  @Override
  public Object get(Object key) {
    int s = find(hash(key), key);
    if (RUNG >= 11) {
      return s < 0 ? null : table.valueAt(s);
    }
    return s < 0 ? null : kv[2 * s + 1];
  }

  /** The table as the product holds it: an object of its own, with the fields a lookup reads. */
  private static final class Table {
    final long[] tags;
    final Object[] kv;
    final int bucketsPerRange;
    final int stride;
    final int keyShift = 1;
    final int choices = 2;
    final Object strategy = null;
    final int overflowSize = 0;
    final Overflow overflow = new Overflow();
    final int slots;
    final int slotShift = 3;

    Table(int buckets) {
      tags = new long[buckets];
      kv = new Object[16 * buckets];
      bucketsPerRange = buckets;
      stride = 0;
      slots = 8 * buckets;
    }

    Object valueAt(int s) {
      if (s >= slots) {
        return overflow.valueAt(s - slots);
      }
      return keyShift == 0 ? null : kv[2 * s + 1];
    }

    int find(long x, Object key) {
      long[] t = tags;
      int n = bucketsPerRange;
      int b0 = bucket(x, 0, n, stride);
      int b1 = bucket(x, 1, n, stride);
      long p = tagOf(x) * LSB;
      if (PREFETCH && (kv[16 * b0] == key || kv[16 * b1] == key)) {
        return kv[16 * b0] == key ? 8 * b0 : 8 * b1;
      }
      long c = match(t[b0], p) | (match(t[b1], p) >>> 1);
      for (; c != 0; c &= c - 1) {
        int bit = Long.numberOfTrailingZeros(c);
        int slot =
            RUNG >= 13
                ? (b1 << slotShift) + (((b0 - b1) << slotShift) & -(bit & 1)) + (bit >>> 3)
                : candidateSlot(bit, b0, b1);
        Object k = RUNG >= 6 ? kv[slot << keyShift] : kv[2 * slot];
        if (RUNG >= 5 ? same(key, k) : k == key || key.equals(k)) {
          return slot;
        }
      }
      if (RUNG >= 12) {
        return choices > 2 || overflow.size > 0 ? -2 : -1;
      }
      return RUNG >= 7 && (choices > 2 || overflowSize > 0) ? -2 : -1;
    }

    private boolean same(Object key, Object stored) {
      if (strategy == null) {
        return stored == key || (key != null && key.equals(stored));
      }
      return stored == key || (key != null && stored != null && strategy.equals(stored));
    }
  }

  /** The hash family as the product calls it: a method of a hasher object. */
  private abstract static class Hasher {
    abstract long hashOf(int hashCode);
  }

  private static final class Mixer extends Hasher {
    private final long seed;

    Mixer(long seed) {
      this.seed = seed;
    }

    @Override
    long hashOf(int hashCode) {
      return ChoiceHasher.mix(hashCode, RUNG >= 10 ? seed : SEED);
    }
  }

  /** The overflow area as the product's table holds it: an object, empty here. */
  private static final class Overflow {
    int size;

    Object valueAt(int i) {
      throw new IndexOutOfBoundsException("the ladder's overflow area is empty: " + i);
    }
  }

  // ---- The same placement at every rung ----

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

  private boolean place(long x, Object key, Object value) {
    long[] t = tags;
    int b0 = bucket(x, 0, t.length, 0);
    int b1 = bucket(x, 1, t.length, 0);
    int n0 = Long.bitCount(t[b0] & MSB);
    int n1 = Long.bitCount(t[b1] & MSB);
    int b = n1 < n0 ? b1 : b0;
    if (Math.min(n0, n1) == 8 && !makeRoom(b0) && !makeRoom(b = b1)) {
      return false;
    }
    store(b, tagOf(x), key, value);
    return true;
  }

  private boolean makeRoom(int b) {
    long[] t = tags;
    for (int j = 0; j < 8; j++) {
      int s = 8 * b + j;
      Object k = kv[2 * s];
      long x = hash(k);
      int c0 = bucket(x, 0, t.length, 0);
      int other = c0 == b ? bucket(x, 1, t.length, 0) : c0;
      if (Long.bitCount(t[other] & MSB) < 8) {
        store(other, tagOf(x), k, kv[2 * s + 1]);
        t[b] &= ~(0xFFL << (j << 3));
        return true;
      }
    }
    return false;
  }

  private void store(int b, long tag, Object key, Object value) {
    long w = tags[b];
    int j = Long.numberOfTrailingZeros(~w & MSB) >>> 3;
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
          throw new IllegalStateException("ladder: no room while growing");
        }
      }
    }
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public Set<Entry<Object, Object>> entrySet() {
    throw new UnsupportedOperationException("a prototype: get, put and remove only");
  }
}
