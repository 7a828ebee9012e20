/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.util.Arrays;

/**
 * Keys and values appended as pairs to one growing array: how {@link ConcurrentCuckooHashMap}
 * collects a snapshot of its segments.
 *
 * <p>Cost: amortized constant time per pair; 8 bytes per pair with compressed references, up to
 * twice that while the array doubles.
 */
final class EntryPairs {
  private Object[] items;
  private int size;

  /** Creates an empty list with room for {@code expected} pairs. */
  EntryPairs(long expected) {
    items = new Object[(int) Math.min(2 * Math.max(expected, 4), 1 << 28)];
  }

  void add(Object key, Object value) {
    if (size == items.length) {
      items = Arrays.copyOf(items, 2 * size);
    }
    items[size++] = key;
    items[size++] = value;
  }

  /**
   * Forgets every pair, keeping the array and the references it held: a list lives for one
   * snapshot, and the pairs added next overwrite them.
   */
  void clear() {
    size = 0;
  }

  /** Returns the pairs, key before value, in an array of their exact length. */
  Object[] toArray() {
    return Arrays.copyOf(items, size);
  }
}
