/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The entries a table could not place in any of their buckets: keys with equal hash codes, which
 * share all their choices under every seed, and for some maps keys whose buckets were all full.
 *
 * <p>Entries are dense in {@code [0, size())}, keys and values side by side; an index of {@value
 * #INDEX_PARTS} {@link HashMap}s from key to index, chosen by four bits of the hash, finds them, in
 * O(log n) even for a flood of equal-hash {@code Comparable} keys (its bins treeify). Each part
 * doubles on its own, so that an {@code add} rebuilds at most about a sixteenth of the index, not
 * all of it. Removing an entry moves the last one into its place.
 *
 * <p>The area keeps each entry's 64-bit hash, so that a growing segment finds its keys here without
 * calling {@code hashCode()}. Each entry has a <em>home</em>, the top bits of its hash ({@link
 * #homeOf}), and the area counts its entries per home (saturating at 255, after which the home
 * always counts as having some). {@link #mayHold} lets a lookup skip the area unless its own hash
 * has the home of an entry, so a few keys here do not slow down the lookups of all the others.
 * There are 16 homes per slot of capacity, from 64 to 2<sup>16</sup>: the counts are recounted from
 * the kept hashes whenever the capacity grows, so that a lookup of another key consults the area
 * with probability at most about 1/16, and a small area costs a few hundred bytes of counts, not 64
 * KB.
 *
 * <p>With a {@link HashStrategy}, the index holds each key wrapped in an object whose {@code
 * equals} and {@code hashCode} are the strategy's (and no longer treeifies).
 *
 * <p>Cost: 16 bytes per slot of capacity (keys and values, compressed references, and the hash)
 * plus the index (a {@code HashMap} entry per entry and {@value #INDEX_PARTS} maps' headers) and a
 * byte per home; no allocation until the first entry arrives.
 */
final class OverflowArea {
  /** A count that no longer changes: the home always counts as having entries. */
  private static final byte SATURATED = (byte) 0xFF;

  /** log2 of the fewest homes. */
  private static final int LEAST_HOME_BITS = 6;

  /** log2 of the most homes. */
  private static final int MOST_HOME_BITS = 16;

  /** log2 of the homes per slot of capacity. */
  private static final int HOME_BITS_PER_SLOT = 4;

  /** The parts of the index: a power of two. */
  private static final int INDEX_PARTS = 16;

  private final HashStrategy<Object> strategy;
  private Object[] keyValues = new Object[0];
  private long[] hashes = new long[0];

  /** Part {@link #partOf}(hash) maps the keys of that part to their indices; null while empty. */
  private Map<Object, Integer>[] index;

  private byte[] countPerHome;

  /** A hash shifted right by this much is its home: 64 minus log2 of the homes. */
  private int homeShift = 64 - LEAST_HOME_BITS;

  private int size;

  /**
   * Creates an empty area.
   *
   * @param strategy the keys' equality, or null for their own
   */
  OverflowArea(HashStrategy<Object> strategy) {
    this.strategy = strategy;
  }

  /**
   * The home of a key: the top bits of its hash, which neither its segment (the low bits) nor,
   * below 2<sup>16</sup> buckets per segment, its choices depend on alone.
   */
  int homeOf(long hash) {
    return (int) (hash >>> homeShift);
  }

  /** The part of the index that holds the keys with hash {@code hash}. */
  private Map<Object, Integer> partOf(long hash) {
    return index[(int) (hash >>> 32) & (INDEX_PARTS - 1)];
  }

  @SuppressWarnings({"unchecked", "rawtypes"}) // an array of a generic type
  private static Map<Object, Integer>[] emptyIndex() {
    Map<Object, Integer>[] parts = new Map[INDEX_PARTS];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = new HashMap<>();
    }
    return parts;
  }

  /** The key of the index for {@code key}: itself, or wrapped in the strategy. */
  private Object indexKey(Object key) {
    return strategy == null ? key : new StrategyKey(strategy, key);
  }

  /** A key whose {@code equals} and {@code hashCode} are those of a strategy. */
  static final class StrategyKey {
    private final HashStrategy<Object> strategy;
    private final Object key;

    StrategyKey(HashStrategy<Object> strategy, Object key) {
      this.strategy = strategy;
      this.key = key;
    }

    Object key() {
      return key;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof StrategyKey other && KeyEquality.same(strategy, key, other.key);
    }

    @Override
    public int hashCode() {
      return key == null ? 0 : strategy.hashCode(key);
    }
  }

  int size() {
    return size;
  }

  /** Returns whether an entry whose key has hash {@code hash} may be here. */
  boolean mayHold(long hash) {
    return size > 0 && countPerHome[homeOf(hash)] != 0;
  }

  /**
   * Returns the index of {@code key}, whose hash is {@code hash}, or -1. Callers ask {@link
   * #mayHold} first.
   */
  int indexOf(long hash, Object key) {
    Integer i = partOf(hash).get(indexKey(key));
    return i == null ? -1 : i;
  }

  long hashAt(int index) {
    return hashes[index];
  }

  Object keyAt(int index) {
    return keyValues[2 * index];
  }

  Object valueAt(int index) {
    return keyValues[2 * index + 1];
  }

  void setValueAt(int index, Object value) {
    keyValues[2 * index + 1] = value;
  }

  /** Adds an entry whose key is absent and has hash {@code hash}. */
  void add(Object key, Object value, long hash) {
    if (index == null) {
      index = emptyIndex();
    }
    if (size == hashes.length) {
      keyValues = Arrays.copyOf(keyValues, Math.max(8, 4 * size));
      hashes = Arrays.copyOf(hashes, keyValues.length / 2);
      recount();
    }
    int home = homeOf(hash);
    hashes[size] = hash;
    keyValues[2 * size] = key;
    keyValues[2 * size + 1] = value;
    partOf(hash).put(indexKey(key), size);
    if (countPerHome[home] != SATURATED) {
      countPerHome[home]++;
    }
    size++;
  }

  /** Removes the entry at index {@code at}, moving the last entry into its place. */
  void removeAt(int at) {
    int home = homeOf(hashes[at]);
    if (countPerHome[home] != SATURATED) {
      countPerHome[home]--;
    }
    partOf(hashes[at]).remove(indexKey(keyValues[2 * at]));
    int last = --size;
    if (at != last) {
      keyValues[2 * at] = keyValues[2 * last];
      keyValues[2 * at + 1] = keyValues[2 * last + 1];
      hashes[at] = hashes[last];
      partOf(hashes[at]).put(indexKey(keyValues[2 * at]), at);
    }
    keyValues[2 * last] = null;
    keyValues[2 * last + 1] = null;
  }

  /** Sizes the counts for the capacity and counts every entry again, from its kept hash. */
  private void recount() {
    int bits = 31 - Integer.numberOfLeadingZeros(hashes.length) + HOME_BITS_PER_SLOT;
    bits = Math.max(LEAST_HOME_BITS, Math.min(MOST_HOME_BITS, bits));
    homeShift = 64 - bits;
    countPerHome = new byte[1 << bits];
    for (int i = 0; i < size; i++) {
      int home = homeOf(hashes[i]);
      if (countPerHome[home] != SATURATED) {
        countPerHome[home]++;
      }
    }
  }

  void clear() {
    Arrays.fill(keyValues, 0, 2 * size, null);
    if (index != null) {
      for (Map<Object, Integer> part : index) {
        part.clear();
      }
    }
    if (countPerHome != null) {
      Arrays.fill(countPerHome, (byte) 0);
    }
    size = 0;
  }

  /** Makes this empty area a copy of {@code other}. */
  void copyFrom(OverflowArea other) {
    keyValues = other.keyValues.clone();
    hashes = other.hashes.clone();
    if (other.index != null) {
      index = emptyIndex();
      for (int i = 0; i < index.length; i++) {
        index[i].putAll(other.index[i]);
      }
    }
    countPerHome = other.countPerHome == null ? null : other.countPerHome.clone();
    homeShift = other.homeShift;
    size = other.size;
  }
}
