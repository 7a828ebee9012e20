/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The settings shared by the builders of every map: expected size, load factor, hash family and
 * seed. Each setter checks its argument at once and names it in the exception.
 *
 * @param <B> the concrete builder type, returned by every setter
 */
abstract class MapBuilder<B extends MapBuilder<B>> {
  /**
   * The most choices per key of any map: past a few choices a miss reads more buckets than the
   * balance saves (the maximum load falls like 1 / ln d), and 8 is what the chained maps' packed
   * shortest-chain word and the bucket tables' candidate masks hold.
   */
  static final int MAX_CHOICES = 8;

  int expectedSize;
  double loadFactor;
  boolean loadFactorSet;
  private boolean seeded;
  private long seed;
  private HashFamily hashFamily = HashFamily.STRONG_MIXER;

  MapBuilder(double defaultLoadFactor) {
    this.loadFactor = defaultLoadFactor;
  }

  /** Returns this builder as its own class, which every builder names as B. */
  @SuppressWarnings("unchecked") // each builder class C extends MapBuilder<C>
  final B self() {
    return (B) this;
  }

  /**
   * Checks a number of choices d, the one check of every map and table that takes d.
   *
   * @return {@code choices}
   * @throws IllegalArgumentException if {@code choices} is outside [2, {@value #MAX_CHOICES}]
   */
  static int checkChoices(int choices) {
    if (choices < 2 || choices > MAX_CHOICES) {
      throw new IllegalArgumentException(
          "choices must be between 2 and " + MAX_CHOICES + ": " + choices);
    }
    return choices;
  }

  /**
   * Builds the map or set with this builder's settings and {@code strategy} (null: the keys' own
   * equality): what {@link SerialForm} calls, whatever the builder.
   */
  abstract Object buildFor(HashStrategy<?> strategy);

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
   * Sets the load factor: the number of keys per slot of the table at which it grows, as in {@link
   * java.util.HashMap} and fastutil. A chained table ({@link OneChoiceHashMap}, {@link
   * TwoChoiceHashMap}, {@link TwoChoiceHashSet}) has one slot per bucket, the head of its chain, so
   * there it is keys per bucket: any positive value, default 1. A bucketed table ({@link
   * DLeftHashMap}, {@link CuckooHashMap} and their sets) has b slots per bucket and takes at most
   * 1: defaults {@value DLeftHashMap#DEFAULT_LOAD_FACTOR} and {@value
   * CuckooHashMap#DEFAULT_LOAD_FACTOR}. The statistics' per-bucket figure is {@link
   * io.github.twochoice.stats.LoadStats#meanKeysPerBucket()}.
   *
   * @param loadFactor keys per slot, positive and finite (at most 1 for a bucketed table)
   * @return this builder
   * @throws IllegalArgumentException if {@code loadFactor} is out of range
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
   * Sets the family of hash functions the seed draws from. The default, {@link
   * HashFamily#STRONG_MIXER}, is the one to use; the others measure what the map's loads owe to its
   * hash function.
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
