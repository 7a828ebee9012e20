/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.util.Arrays;

/**
 * Slots of chain entries in parallel arrays, for {@link ChainedHashMap}: slot x holds a key and
 * value side by side at {@code keyValues[2x]} and {@code keyValues[2x + 1]} (the key alone at
 * {@code keyValues[x]} in a table of keys only), a tag byte, 0 while the slot is free, and a link.
 * What the tag's bits and the link mean is the map's business; this class only stores them.
 *
 * <p>Cost: 13 bytes per slot with values (compressed references), 9 for keys only; every method is
 * constant time but {@link #copyOf} and {@link #clear()}, which are linear in the capacity.
 */
final class ChainSlots {
  /** Key and value of slot x at 2x and 2x + 1; for keys only, the key at x. */
  final Object[] keyValues;

  /** The tag byte of each slot: 0 while it is free. */
  final byte[] tags;

  /** The link of each slot. */
  final int[] next;

  /** 1 if {@link #keyValues} holds values, 0 for keys only: slot x's key is at {@code x << 1}. */
  final int keyShift;

  /** Creates {@code capacity} free slots, holding values iff {@code keyShift} is 1. */
  ChainSlots(int capacity, int keyShift) {
    this(new Object[capacity << keyShift], new byte[capacity], new int[capacity], keyShift);
  }

  private ChainSlots(Object[] keyValues, byte[] tags, int[] next, int keyShift) {
    this.keyValues = keyValues;
    this.tags = tags;
    this.next = next;
    this.keyShift = keyShift;
  }

  /** Returns these slots copied into {@code capacity} slots (the new ones free). */
  ChainSlots copyOf(int capacity) {
    return new ChainSlots(
        Arrays.copyOf(keyValues, capacity << keyShift),
        Arrays.copyOf(tags, capacity),
        Arrays.copyOf(next, capacity),
        keyShift);
  }

  /** Returns an independent copy. */
  ChainSlots copy() {
    return copyOf(capacity());
  }

  int capacity() {
    return tags.length;
  }

  Object keyAt(int x) {
    return keyValues[x << keyShift];
  }

  /** Returns the value of slot x: null in slots of keys only. */
  Object valueAt(int x) {
    return keyShift == 0 ? null : keyValues[2 * x + 1];
  }

  /** Sets the value of slot x; slots of keys only keep none. */
  void setValueAt(int x, Object value) {
    if (keyShift != 0) {
      keyValues[2 * x + 1] = value;
    }
  }

  /** Stores a key and value in slot x (its tag and link are set apart). */
  void setEntry(int x, Object key, Object value) {
    keyValues[x << keyShift] = key;
    setValueAt(x, value);
  }

  /** Copies slot {@code from} of {@code source} into slot x of these slots: tag, link and all. */
  void copyEntry(int x, ChainSlots source, int from) {
    setEntry(x, source.keyAt(from), source.valueAt(from));
    tags[x] = source.tags[from];
    next[x] = source.next[from];
  }

  /** Frees slot x: no key, no value, tag 0 (the link is left for a free list). */
  void free(int x) {
    setEntry(x, null, null);
    tags[x] = 0;
  }

  /** Frees every slot. */
  void clear() {
    Arrays.fill(keyValues, null);
    Arrays.fill(tags, (byte) 0);
  }
}
