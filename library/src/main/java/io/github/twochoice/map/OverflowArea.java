/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.util.Arrays;
import java.util.HashMap;

/**
 * The entries a table could not place in any of their buckets: keys with equal hash codes, which
 * share all their choices under every seed, and for some maps keys whose buckets were all full.
 *
 * <p>Entries are dense in {@code [0, size())}, keys and values side by side; a {@link HashMap} from
 * key to index finds them, in O(log n) even for a flood of equal-hash {@code Comparable} keys (its
 * bins treeify). Removing an entry moves the last one into its place.
 *
 * <p>Each entry has a <em>home</em>, the bucket of its key's first choice in the owning table, and
 * the area counts its entries per home (saturating at 255, after which the home always counts as
 * having some). {@link #mayHold} lets a lookup skip the area unless its own first bucket is the
 * home of an entry, so a few keys here do not slow down the lookups of all the others.
 *
 * <p>With a {@link HashStrategy}, the index holds each key wrapped in an object whose {@code
 * equals} and {@code hashCode} are the strategy's (and no longer treeifies).
 *
 * <p>Cost: 8 bytes per slot of capacity (keys and values, compressed references) plus the index,
 * and a byte per bucket of the owning table once the first entry arrives; no allocation until then.
 */
final class OverflowArea {
  /** A count that no longer changes: the home always counts as having entries. */
  private static final byte SATURATED = (byte) 0xFF;

  private final int homes;
  private final HashStrategy<Object> strategy;
  private Object[] keyValues = new Object[0];
  private HashMap<Object, Integer> indexOfKey = new HashMap<>();
  private byte[] countPerHome;
  private int size;

  /**
   * Creates an empty area for a table of {@code homes} buckets.
   *
   * @param homes the number of buckets of the owning table
   * @param strategy the keys' equality, or null for their own
   */
  OverflowArea(int homes, HashStrategy<Object> strategy) {
    this.homes = homes;
    this.strategy = strategy;
  }

  /** The key of {@link #indexOfKey} for {@code key}: itself, or wrapped in the strategy. */
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

  /** Returns whether an entry whose key has its first choice in bucket {@code home} may be here. */
  boolean mayHold(int home) {
    return size > 0 && countPerHome[home] != 0;
  }

  /** Returns the index of {@code key}, or -1. Callers ask {@link #mayHold} first. */
  int indexOf(Object key) {
    Integer index = indexOfKey.get(indexKey(key));
    return index == null ? -1 : index;
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

  /** Adds an entry whose key is absent and has its first choice in bucket {@code home}. */
  void add(Object key, Object value, int home) {
    if (2 * size == keyValues.length) {
      keyValues = Arrays.copyOf(keyValues, Math.max(8, 4 * size));
    }
    if (countPerHome == null) {
      countPerHome = new byte[homes];
    }
    keyValues[2 * size] = key;
    keyValues[2 * size + 1] = value;
    indexOfKey.put(indexKey(key), size);
    if (countPerHome[home] != SATURATED) {
      countPerHome[home]++;
    }
    size++;
  }

  /**
   * Removes the entry at {@code index}, whose home is {@code home}, moving the last entry into its
   * place.
   */
  void removeAt(int index, int home) {
    if (countPerHome[home] != SATURATED) {
      countPerHome[home]--;
    }
    indexOfKey.remove(indexKey(keyValues[2 * index]));
    int last = --size;
    if (index != last) {
      keyValues[2 * index] = keyValues[2 * last];
      keyValues[2 * index + 1] = keyValues[2 * last + 1];
      indexOfKey.put(indexKey(keyValues[2 * index]), index);
    }
    keyValues[2 * last] = null;
    keyValues[2 * last + 1] = null;
  }

  void clear() {
    Arrays.fill(keyValues, 0, 2 * size, null);
    indexOfKey.clear();
    countPerHome = null;
    size = 0;
  }

  /** Makes this empty area, for a table of as many buckets, a copy of {@code other}. */
  void copyFrom(OverflowArea other) {
    keyValues = other.keyValues.clone();
    indexOfKey = new HashMap<>(other.indexOfKey);
    countPerHome = other.countPerHome == null ? null : other.countPerHome.clone();
    size = other.size;
  }
}
