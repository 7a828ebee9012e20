/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.prototype;

import java.util.AbstractMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * A prototype, for {@code GrowthLatency} only: the other design of growth without a pause, two
 * tables with the keys moved a little per operation (Redis's dict, griddle), under the d-left rule
 * of {@code DLeftHashMap} (d = 2 ranges, 8 slots per bucket, 7-bit tags, load factor 0.85, growth
 * by 4/3). Its arrays are allocated in chunks of {@value #CHUNK_BUCKETS} buckets on first use, so
 * that starting a growth does not zero a whole table in one put.
 *
 * <p>While a growth runs, every {@code put} and {@code remove} moves the keys of {@value
 * #BUCKETS_PER_STEP} buckets of the old table into the new one (hashing each again, as the
 * segmented maps do); lookups search both. The growth ends in about half of the puts the new table
 * has room for, so the old table lives for about half of the time. No shrinking, no views beyond
 * {@code entrySet().size()}: just what the harness calls ({@code put}, {@code remove}, {@code
 * size}, {@code isEmpty}).
 */
public final class IncrementalDLeftMap extends AbstractMap<Object, Object> {
  private static final int SLOTS = 8;
  private static final double LOAD_FACTOR = 0.85;
  private static final double GROWTH = 4.0 / 3.0;
  private static final int CHUNK_SHIFT = 9;
  private static final int CHUNK_BUCKETS = 1 << CHUNK_SHIFT;
  private static final int BUCKETS_PER_STEP = 1;
  private static final long OCCUPIED = 0x8080_8080_8080_8080L;
  private static final long LOW_BITS = 0x0101_0101_0101_0101L;

  /** One table: two ranges of n buckets, in chunks. */
  private static final class Table {
    final int n;
    final long[][] tags;
    final Object[][] kv;
    int size;

    Table(int n) {
      this.n = n;
      int chunks = (2 * n + CHUNK_BUCKETS - 1) >>> CHUNK_SHIFT;
      this.tags = new long[chunks][];
      this.kv = new Object[chunks][];
    }

    long capacity() {
      return 2L * n * SLOTS;
    }

    int bucket(long hash, int i) {
      int g = (int) (hash >>> 32) + i * (int) (hash * 0x9E37_79B9L);
      return i * n + (int) (((g & 0xFFFF_FFFFL) * n) >>> 32);
    }

    long word(int bucket) {
      long[] chunk = tags[bucket >>> CHUNK_SHIFT];
      return chunk == null ? 0 : chunk[bucket & (CHUNK_BUCKETS - 1)];
    }

    /** Returns slot j of bucket b as b·8 + j if the key is there, else -1. */
    int find(long hash, Object key, int tag) {
      long pattern = LOW_BITS * tag;
      for (int i = 0; i < 2; i++) {
        int b = bucket(hash, i);
        long x = word(b) ^ pattern;
        long m = (x - LOW_BITS) & ~x & OCCUPIED;
        for (; m != 0; m &= m - 1) {
          int slot = (b << 3) + (Long.numberOfTrailingZeros(m) >>> 3);
          Object k = kv[b >>> CHUNK_SHIFT][2 * (slot & (CHUNK_BUCKETS * SLOTS - 1))];
          if (k == key || key.equals(k)) {
            return slot;
          }
        }
      }
      return -1;
    }

    Object valueAt(int slot) {
      int b = slot >>> 3;
      return kv[b >>> CHUNK_SHIFT][2 * (slot & (CHUNK_BUCKETS * SLOTS - 1)) + 1];
    }

    void setValue(int slot, Object value) {
      int b = slot >>> 3;
      kv[b >>> CHUNK_SHIFT][2 * (slot & (CHUNK_BUCKETS * SLOTS - 1)) + 1] = value;
    }

    /** Stores a key by the d-left rule: the less loaded bucket, the left one on ties. */
    boolean insert(long hash, Object key, Object value, int tag) {
      int b0 = bucket(hash, 0);
      int b1 = bucket(hash, 1);
      int load0 = Long.bitCount(word(b0) & OCCUPIED);
      int load1 = Long.bitCount(word(b1) & OCCUPIED);
      int b = load1 < load0 ? b1 : b0;
      if (Math.min(load0, load1) == SLOTS) {
        return false;
      }
      int c = b >>> CHUNK_SHIFT;
      if (tags[c] == null) {
        tags[c] = new long[CHUNK_BUCKETS];
        kv[c] = new Object[2 * CHUNK_BUCKETS * SLOTS];
      }
      int u = b & (CHUNK_BUCKETS - 1);
      long word = tags[c][u];
      int j = Long.numberOfTrailingZeros(~word & OCCUPIED) >>> 3;
      tags[c][u] = word | (long) tag << (8 * j);
      int at = 2 * ((u << 3) + j);
      kv[c][at] = key;
      kv[c][at + 1] = value;
      size++;
      return true;
    }

    void removeAt(int slot) {
      int b = slot >>> 3;
      int c = b >>> CHUNK_SHIFT;
      int u = b & (CHUNK_BUCKETS - 1);
      int j = slot & 7;
      tags[c][u] &= ~(0xFFL << (8 * j));
      int at = 2 * ((u << 3) + j);
      kv[c][at] = null;
      kv[c][at + 1] = null;
      size--;
    }
  }

  private Table table = new Table(1);
  private Table old;
  private int moved;
  private final Map<Object, Object> overflow = new HashMap<>();

  private static long hash(Object key) {
    long h = key.hashCode() * 0x9E37_79B9_7F4A_7C15L;
    h ^= h >>> 33;
    h *= 0xFF51_AFD7_ED55_8CCDL;
    return h ^ (h >>> 33);
  }

  private static int tag(long hash) {
    return 0x80 | ((int) (hash >>> 25) & 0x7F);
  }

  @Override
  public Object get(Object key) {
    long hash = hash(key);
    int tag = tag(hash);
    int slot = table.find(hash, key, tag);
    if (slot >= 0) {
      return table.valueAt(slot);
    }
    if (old != null && (slot = old.find(hash, key, tag)) >= 0) {
      return old.valueAt(slot);
    }
    return overflow.isEmpty() ? null : overflow.get(key);
  }

  @Override
  public Object put(Object key, Object value) {
    long hash = hash(key);
    int tag = tag(hash);
    int slot = table.find(hash, key, tag);
    if (slot >= 0) {
      Object previous = table.valueAt(slot);
      table.setValue(slot, value);
      return previous;
    }
    if (old != null && (slot = old.find(hash, key, tag)) >= 0) {
      Object previous = old.valueAt(slot);
      old.setValue(slot, value);
      return previous;
    }
    if (!overflow.isEmpty() && overflow.containsKey(key)) {
      return overflow.put(key, value);
    }
    if (!table.insert(hash, key, value, tag)) {
      overflow.put(key, value);
    }
    step();
    return null;
  }

  @Override
  public Object remove(Object key) {
    long hash = hash(key);
    int tag = tag(hash);
    Object previous = null;
    int slot = table.find(hash, key, tag);
    if (slot >= 0) {
      previous = table.valueAt(slot);
      table.removeAt(slot);
    } else if (old != null && (slot = old.find(hash, key, tag)) >= 0) {
      previous = old.valueAt(slot);
      old.removeAt(slot);
    } else if (!overflow.isEmpty()) {
      previous = overflow.remove(key);
    }
    step();
    return previous;
  }

  /** Moves a step of a running growth, or starts one when the table reaches its load factor. */
  private void step() {
    if (old != null) {
      int end = Math.min(moved + BUCKETS_PER_STEP, 2 * old.n);
      for (; moved < end; moved++) {
        moveBucket(moved);
      }
      if (moved == 2 * old.n) {
        old = null;
      }
    } else if (table.size >= LOAD_FACTOR * table.capacity()) {
      old = table;
      table = new Table((int) Math.ceil(old.n * (old.n < 64 ? 2 : GROWTH)));
      moved = 0;
    }
  }

  private void moveBucket(int b) {
    long occupied = old.word(b) & OCCUPIED;
    for (; occupied != 0; occupied &= occupied - 1) {
      int slot = (b << 3) + (Long.numberOfTrailingZeros(occupied) >>> 3);
      int at = 2 * (slot & (CHUNK_BUCKETS * SLOTS - 1));
      Object[] chunk = old.kv[b >>> CHUNK_SHIFT];
      Object key = chunk[at];
      Object value = chunk[at + 1];
      long hash = hash(key);
      old.removeAt(slot);
      if (!table.insert(hash, key, value, tag(hash))) {
        overflow.put(key, value);
      }
    }
  }

  @Override
  public int size() {
    return table.size + (old == null ? 0 : old.size) + overflow.size();
  }

  @Override
  public Set<Entry<Object, Object>> entrySet() {
    throw new UnsupportedOperationException("a prototype for GrowthLatency");
  }
}
