/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;
import io.github.twochoice.hash.HashFamily;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The settings shared by the builders of every map: expected size, load factor, hash family and
 * seed. Each setter checks its argument at once and names it in the exception.
 *
 * @param <B> the concrete builder type, returned by every setter
 */
abstract class MapBuilder<B extends MapBuilder<B>> {
  int expectedSize;
  double loadFactor;
  boolean loadFactorSet;
  private boolean seeded;
  private long seed;
  private HashFamily hashFamily = HashFamily.STRONG_MIXER;

  MapBuilder(double defaultLoadFactor) {
    this.loadFactor = defaultLoadFactor;
  }

  abstract B self();

  /**
   * Sets the number of entries the map should hold without growing.
   *
   * @param expectedSize a number of entries, {@code >= 0}
   * @return this builder
   * @throws IllegalArgumentException if {@code expectedSize} is negative
   */
  public B expectedSize(int expectedSize) {
    if (expectedSize < 0) {
      throw new IllegalArgumentException("expectedSize must be >= 0: " + expectedSize);
    }
    this.expectedSize = expectedSize;
    return self();
  }

  /**
   * Sets the load factor: the mean number of entries per bucket at which the table grows (for
   * {@link CuckooHashMap}: entries per slot, the maximum load).
   *
   * @param loadFactor entries per bucket, positive and finite (each map states its default)
   * @return this builder
   * @throws IllegalArgumentException if {@code loadFactor} is not positive and finite
   */
  public B loadFactor(double loadFactor) {
    this.loadFactor = ChainedHashMap.checkLoadFactor(loadFactor);
    this.loadFactorSet = true;
    return self();
  }

  /**
   * Sets the seed of the hash function, for a reproducible table. By default every map draws a
   * random seed.
   *
   * @param seed any 64-bit value
   * @return this builder
   */
  public B seed(long seed) {
    this.seeded = true;
    this.seed = seed;
    return self();
  }

  /**
   * Sets the family of hash functions the seed draws from (for teaching: the default, {@link
   * HashFamily#STRONG_MIXER}, is the one to use).
   *
   * @param hashFamily the family
   * @return this builder
   * @throws NullPointerException if {@code hashFamily} is null
   */
  public B hashFamily(HashFamily hashFamily) {
    this.hashFamily = Objects.requireNonNull(hashFamily, "hashFamily");
    return self();
  }

  ChoiceHasher hasher() {
    return hashFamily.hasher(seeded ? seed : ThreadLocalRandom.current().nextLong());
  }
}
