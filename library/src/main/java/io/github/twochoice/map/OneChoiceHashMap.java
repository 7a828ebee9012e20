/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.util.Map;

/**
 * Classic chaining: every key has one bucket, chosen by a seeded hash, and joins its chain. The
 * baseline every lesson compares with: with n keys in n buckets the longest chain grows like {@code
 * ln n / ln ln n} (about 9 at n = 10<sup>6</sup>).
 *
 * <p>A drop-in {@link Map}: null keys and values, fail-fast iterators, serializable, cloneable.
 * Entries live in flat arrays with index-linked chains (no object per entry, no allocation on
 * {@code get}); see {@link #loadStats()} for the chain statistics. Not thread-safe.
 *
 * <p>Cost: a lookup reads the key's chain, of expected length {@code load} on a miss. Memory: 16
 * bytes per entry of capacity plus 4 bytes per bucket.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public final class OneChoiceHashMap<K, V> extends ChainedHashMap<K, V> {
  private static final long serialVersionUID = 1L;

  /** Creates an empty map with a random seed and the default load factor (1 entry per bucket). */
  public OneChoiceHashMap() {
    this(0);
  }

  /**
   * Creates an empty map that holds {@code expectedSize} entries without growing.
   *
   * @param expectedSize a number of entries, {@code >= 0}
   * @throws IllegalArgumentException if {@code expectedSize} is negative
   */
  public OneChoiceHashMap(int expectedSize) {
    this(builder().expectedSize(expectedSize));
  }

  /**
   * Creates a map with the mappings of {@code map}.
   *
   * @param map the mappings to copy
   * @throws NullPointerException if {@code map} is null
   */
  public OneChoiceHashMap(Map<? extends K, ? extends V> map) {
    this(map.size());
    putAll(map);
  }

  private OneChoiceHashMap(Builder builder) {
    super(1, builder.expectedSize, builder.loadFactor, builder.hasher());
  }

  /**
   * Returns a builder for the expected size, load factor and seed.
   *
   * @return a new builder with the defaults
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link OneChoiceHashMap}s. */
  public static final class Builder extends MapBuilder<Builder> {
    private Builder() {
      super(DEFAULT_LOAD_FACTOR);
    }

    @Override
    Builder self() {
      return this;
    }

    /**
     * Returns a new empty map with this builder's settings.
     *
     * @param <K> the type of keys
     * @param <V> the type of values
     * @return a new map
     */
    public <K, V> OneChoiceHashMap<K, V> build() {
      return new OneChoiceHashMap<>(this);
    }
  }

  @Override
  boolean acceptsChoices(int d) {
    return d == 1;
  }

  @Override
  public OneChoiceHashMap<K, V> clone() {
    return (OneChoiceHashMap<K, V>) super.clone();
  }
}
