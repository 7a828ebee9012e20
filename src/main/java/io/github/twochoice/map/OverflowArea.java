/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.util.Arrays;
import java.util.HashMap;

/**
 * The entries a bucketed table could not place in any of their buckets: typically keys with equal
 * hash codes, which share all their choices under every seed.
 *
 * <p>Entries are dense in {@code [0, size())}, keys and values side by side; a {@link HashMap} from
 * key to index finds them, in O(log n) even for a flood of equal-hash {@code Comparable} keys (its
 * bins treeify). Removing an entry moves the last one into its place.
 *
 * <p>Cost: 8 bytes per slot of capacity plus the index; no allocation until the first entry.
 */
final class OverflowArea {
  private Object[] keyValues = new Object[0];
  private HashMap<Object, Integer> indexOfKey = new HashMap<>();
  private int size;

  int size() {
    return size;
  }

  /** Returns the index of {@code key}, or -1. */
  int indexOf(Object key) {
    if (size == 0) {
      return -1;
    }
    Integer index = indexOfKey.get(key);
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

  /** Adds an entry whose key is absent. */
  void add(Object key, Object value) {
    if (2 * size == keyValues.length) {
      keyValues = Arrays.copyOf(keyValues, Math.max(8, 4 * size));
    }
    keyValues[2 * size] = key;
    keyValues[2 * size + 1] = value;
    indexOfKey.put(key, size);
    size++;
  }

  /** Removes the entry at {@code index}, moving the last entry into its place. */
  void removeAt(int index) {
    indexOfKey.remove(keyValues[2 * index]);
    int last = --size;
    if (index != last) {
      keyValues[2 * index] = keyValues[2 * last];
      keyValues[2 * index + 1] = keyValues[2 * last + 1];
      indexOfKey.put(keyValues[2 * index], index);
    }
    keyValues[2 * last] = null;
    keyValues[2 * last + 1] = null;
  }

  void clear() {
    Arrays.fill(keyValues, 0, 2 * size, null);
    indexOfKey.clear();
    size = 0;
  }

  /** Makes this empty area a copy of {@code other}. */
  void copyFrom(OverflowArea other) {
    keyValues = other.keyValues.clone();
    indexOfKey = new HashMap<>(other.indexOfKey);
    size = other.size;
  }
}
