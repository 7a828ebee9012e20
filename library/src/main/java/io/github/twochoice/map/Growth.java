/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

/**
 * How every table of the library grows: it doubles while it is small and grows by a smaller factor
 * (by half, unless the map says otherwise) once it has {@value #DOUBLING_LIMIT} slots.
 *
 * <p>A growth rehashes every key, so the factor trades time for memory. Growing by g, a map built
 * by {@code put} rehashes each key about 1/(g - 1) times (once when doubling, twice growing by
 * half), and is between 1/g and 1 times its load factor full. Below {@value #DOUBLING_LIMIT} slots
 * (a few kilobytes, a few hundred keys) the table doubles, so that a tiny map reaches its size in
 * few growths; above, it grows by less, so that no size from a thousand keys up leaves a table half
 * empty (a power-of-two table's bytes per entry double from one size to the next). Growing by half
 * from {@value #DOUBLING_LIMIT} slots rather than from 2<sup>15</sup> costs a map built by {@code
 * put} to 10<sup>4</sup> keys a quarter to a half more time, and saves up to a third of the bytes
 * of a map of 10<sup>3</sup> to 2·10<sup>4</sup> keys.
 *
 * <p>Cost: constant time.
 */
final class Growth {
  /** The factor by which a large table grows unless its map says otherwise. */
  static final double BY_HALF = 1.5;

  /** The number of slots from which a table grows by its factor rather than doubling. */
  static final int DOUBLING_LIMIT = 1 << 10;

  private Growth() {}

  /**
   * Returns how many units (buckets, or buckets per range) a table of {@code units} units and
   * {@code slots} slots should have after growing by {@code factor} (doubling while small). The
   * factor must be above 1 (the maps' are 3/2 and 4/3), so that the table gains at least one unit.
   */
  static int next(int units, long slots, double factor) {
    double by = slots < DOUBLING_LIMIT ? 2 : factor;
    return (int) Math.min(Integer.MAX_VALUE, (long) Math.ceil(units * by));
  }
}
