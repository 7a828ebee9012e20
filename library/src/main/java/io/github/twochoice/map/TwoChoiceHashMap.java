/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.util.Map;

/**
 * Two-choice chaining: every key has d ≥ 2 buckets (default 2), chosen by a seeded hash, and joins
 * the shortest of their chains; a lookup scans all d chains. With n keys in n buckets the longest
 * chain drops from {@code ln n / ln ln n} to {@code ln ln n / ln d + O(1)}: at most 4 for two
 * choices up to n = 10<sup>6</sup> (Azar, Broder, Karlin and Upfal, "Balanced Allocations").
 *
 * <p>A drop-in {@link Map}: null keys and values, fail-fast iterators, serializable, cloneable.
 * Entries live in flat arrays with index-linked chains (no object per entry, no allocation on
 * {@code get}); see {@link #loadStats()} for the chain statistics. Ties between equally short
 * chains go to the earlier choice, which is as good as a random tie-break because the choices are
 * independent. Not thread-safe.
 *
 * <p>Cost: a lookup reads about {@code d * load} chain entries on a miss and fewer on a hit; an
 * insertion also reads the d chains to compare their lengths. Memory: 16 bytes per entry of
 * capacity plus 4 bytes per bucket.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public final class TwoChoiceHashMap<K, V> extends ChainedHashMap<K, V> {
  private static final long serialVersionUID = 1L;

  /** The default number of choices. */
  public static final int DEFAULT_CHOICES = 2;

  /** Creates an empty map with two choices, a random seed and the default load factor (1). */
  public TwoChoiceHashMap() {
    this(0);
  }

  /**
   * Creates an empty map that holds {@code expectedSize} entries without growing.
   *
   * @param expectedSize a number of entries, {@code >= 0}
   * @throws IllegalArgumentException if {@code expectedSize} is negative
   */
  public TwoChoiceHashMap(int expectedSize) {
    this(builder().expectedSize(expectedSize));
  }

  /**
   * Creates a map with the mappings of {@code map}.
   *
   * @param map the mappings to copy
   * @throws NullPointerException if {@code map} is null
   */
  public TwoChoiceHashMap(Map<? extends K, ? extends V> map) {
    this(map.size());
    putAll(map);
  }

  private TwoChoiceHashMap(Builder builder) {
    super(builder.choices, builder.expectedSize, builder.loadFactor, builder.hasher());
  }

  /**
   * Returns a builder for the number of choices, expected size, load factor and seed.
   *
   * @return a new builder with the defaults
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link TwoChoiceHashMap}s. */
  public static final class Builder extends MapBuilder<Builder> {
    private int choices = DEFAULT_CHOICES;

    private Builder() {
      super(DEFAULT_LOAD_FACTOR);
    }

    @Override
    Builder self() {
      return this;
    }

    /**
     * Sets the number of choices d.
     *
     * @param choices d, from 2 to 8
     * @return this builder
     * @throws IllegalArgumentException if {@code choices} is outside [2, 8]
     */
    public Builder choices(int choices) {
      if (choices < 2 || choices > MAX_CHOICES) {
        throw new IllegalArgumentException(
            "choices must be between 2 and " + MAX_CHOICES + ": " + choices);
      }
      this.choices = choices;
      return this;
    }

    /**
     * Returns a new empty map with this builder's settings.
     *
     * @param <K> the type of keys
     * @param <V> the type of values
     * @return a new map
     */
    public <K, V> TwoChoiceHashMap<K, V> build() {
      return new TwoChoiceHashMap<>(this);
    }
  }

  @Override
  boolean acceptsChoices(int d) {
    return d >= 2 && d <= MAX_CHOICES;
  }

  @Override
  public TwoChoiceHashMap<K, V> clone() {
    return (TwoChoiceHashMap<K, V>) super.clone();
  }
}
