/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

/**
 * The settings of the maps on a {@link BucketTable}, beyond those of every map: the number of
 * choices d, the slots per bucket b, and a load factor in keys per slot, at most 1.
 *
 * @param <B> the concrete builder type, returned by every setter
 */
abstract class BucketMapBuilder<B extends BucketMapBuilder<B>> extends MapBuilder<B> {
  int choices = 2;
  int slotsPerBucket = BucketTable.MAX_SLOTS_PER_BUCKET;

  BucketMapBuilder(double defaultLoadFactor) {
    super(defaultLoadFactor);
  }

  /**
   * Sets the number of choices d: the buckets each key may live in.
   *
   * @param choices d, from 2 to 8
   * @return this builder
   * @throws IllegalArgumentException if {@code choices} is outside [2, 8]
   */
  public B choices(int choices) {
    this.choices = checkChoices(choices);
    return self();
  }

  /**
   * Sets the number of slots per bucket b. A bucket's tags share one 64-bit word, and b is a power
   * of two so that a slot's bucket is a shift away.
   *
   * @param slotsPerBucket b: 1, 2, 4 or 8
   * @return this builder
   * @throws IllegalArgumentException if {@code slotsPerBucket} is not 1, 2, 4 or 8
   */
  public B slotsPerBucket(int slotsPerBucket) {
    if (!BucketTable.isValidSlotsPerBucket(slotsPerBucket)) {
      throw new IllegalArgumentException("slotsPerBucket must be 1, 2, 4 or 8: " + slotsPerBucket);
    }
    this.slotsPerBucket = slotsPerBucket;
    return self();
  }

  /**
   * Sets the load factor: the number of keys per slot at which the table grows.
   *
   * @param loadFactor keys per slot, in (0, 1]
   * @return this builder
   * @throws IllegalArgumentException if {@code loadFactor} is not in (0, 1]
   */
  @Override
  public B loadFactor(double loadFactor) {
    if (!(loadFactor > 0 && loadFactor <= 1)) {
      throw new IllegalArgumentException("loadFactor must be in (0, 1]: " + loadFactor);
    }
    return super.loadFactor(loadFactor);
  }
}
