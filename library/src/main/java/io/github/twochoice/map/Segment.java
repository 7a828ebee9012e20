/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

/**
 * One segment of a segmented map ({@link AbstractSegmentedMap}): a small table of its own with
 * slots numbered from 0, plus where it sits in the map's directory. What a slot holds and how keys
 * are placed is the subclass's business: {@link BucketTable} (buckets of b slots) and {@link
 * ChainTable} (chains).
 *
 * <p>Cost: the three fields below, 12 bytes per segment.
 */
abstract class Segment {
  /** The entry index of this segment's slot 0 in its map: its number in the map, shifted. */
  int indexBase;

  /** How many low bits of a key's hash all keys of this segment share (its local depth). */
  int depth;

  /** The low {@link #depth} bits that the hashes of this segment's keys end in. */
  int pattern;

  /** Returns the units the segment was sized in: buckets, or buckets per subtable. */
  abstract int units();

  /** Returns the places the load factor counts: slots of buckets, or buckets of chains. */
  abstract int capacity();

  /** Returns the number of slots, which entry indices {@code [0, slots())} name. */
  abstract int slots();

  /** Returns the number of keys. */
  abstract int size();

  /**
   * Returns the slot of {@code key}, whose 64-bit hash is {@code hash}, or a negative number if the
   * segment does not hold it.
   */
  abstract int find(long hash, Object key);

  /**
   * {@link #find} for a write: the slot of the key, or if absent {@code -2 - target}, where target
   * names the place where the key goes ({@link AbstractFlatMap#findToInsert}), or {@link
   * AbstractFlatMap#ABSENT} if it names none.
   */
  abstract int findToInsert(long hash, Object key);

  abstract boolean isLive(int slot);

  /** Returns the first live slot at or after {@code from}, or {@link #slots()}. */
  abstract int nextLive(int from);

  abstract Object keyAt(int slot);

  /** Returns the value of {@code slot}: null in a table of keys only. */
  abstract Object valueAt(int slot);

  /** Sets the value of {@code slot}; a table of keys only keeps none. */
  abstract void setValueAt(int slot, Object value);

  /** Empties the segment. */
  abstract void clear();

  /** Returns an independent copy, at the same place in the directory. */
  abstract Segment copy();

  /** Copies the place in the directory of {@code other}. */
  final void placeLike(Segment other) {
    indexBase = other.indexBase;
    depth = other.depth;
    pattern = other.pattern;
  }
}
