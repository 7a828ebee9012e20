/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.util.Map;
import java.util.Objects;

/**
 * Classic chaining: every key has one bucket, chosen by a seeded hash, and joins its chain. The
 * baseline every lesson compares with: with n keys in n buckets the longest chain grows like {@code
 * ln n / ln ln n} (about 9 at n = 10<sup>6</sup>).
 *
 * <p>A drop-in {@link Map}: null keys and values, fail-fast iterators, serializable, cloneable.
 * Entries live in flat arrays with index-linked chains (no object per entry, no allocation on
 * {@code get}); see {@link #loadStats()} for the chain statistics. Not thread-safe.
 *
 * <p>The table grows one segment with room for at most 512 keys at a time, like {@link
 * TwoChoiceHashMap}'s ({@link AbstractSegmentedMap}).
 *
 * <p>Cost: a lookup reads the directory entry of its segment and the key's chain, of expected
 * length {@code load} on a miss. Memory (compressed references): 13 bytes per slot (key, value, tag
 * byte, link), one slot per bucket plus an extra region per segment for the chains' second and
 * later entries, about 37 % of the entries at the default load of 1 key per bucket.
 *
 * <p><b>Iteration order</b> is unspecified and differs between two maps of the same keys: each map
 * draws a random seed for its hash function. A fixed seed ({@code builder().seed(42)}) makes the
 * order, like the whole table, the same in every run. <b>Threads:</b> reads ({@code get}, views,
 * iteration, statistics) write no shared state (a view object may be created twice, harmlessly), so
 * threads may read a safely published map at once while no thread writes; a write needs exclusive
 * access. For shared use wrap it in {@link java.util.Collections#synchronizedMap}, and hand out
 * {@link java.util.Collections#unmodifiableMap} to readers.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 * @since 0.1.0
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
    this(builder().expectedSize(expectedSize), null);
  }

  /**
   * Creates an empty map that holds {@code expectedSize} entries without growing, with the given
   * load factor.
   *
   * @param expectedSize a number of entries, {@code >= 0}
   * @param loadFactor keys per bucket at which the table grows, positive and finite
   * @throws IllegalArgumentException if an argument is out of range
   */
  public OneChoiceHashMap(int expectedSize, float loadFactor) {
    this(builder().expectedSize(expectedSize).loadFactor(loadFactor), null);
  }

  /**
   * Creates a map with the mappings of {@code map}, sized for them. The copy draws a new random
   * seed and has the default settings whatever {@code map} is; {@link #clone()} keeps a twochoice
   * map's seed and settings, and {@code builder().seed(map.seed())} a chosen few.
   *
   * @param map the mappings to copy
   * @throws NullPointerException if {@code map} is null
   */
  public OneChoiceHashMap(Map<? extends K, ? extends V> map) {
    this(map.size());
    putAll(map);
  }

  private OneChoiceHashMap(Builder builder, HashStrategy<?> strategy) {
    super(1, builder.expectedSize, builder.loadFactor, builder.hasher(), true, strategy);
  }

  /**
   * Returns a builder for the expected size, load factor, hash family and seed.
   *
   * @return a new builder with the defaults
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link OneChoiceHashMap}s.
   *
   * @since 0.1.0
   */
  public static final class Builder extends MapBuilder<Builder> {
    private Builder() {
      super(DEFAULT_LOAD_FACTOR);
    }

    @Override
    Object buildFor(HashStrategy<?> strategy) {
      return strategy == null ? build() : build(KeyEquality.erase(strategy));
    }

    /**
     * Returns a new empty map with this builder's settings.
     *
     * @param <K> the type of keys
     * @param <V> the type of values
     * @return a new map
     */
    public <K, V> OneChoiceHashMap<K, V> build() {
      return new OneChoiceHashMap<>(this, null);
    }

    /**
     * Returns a new empty map with this builder's settings that compares and hashes keys with
     * {@code strategy} instead of their own {@code equals} and {@code hashCode}.
     *
     * @param <K> the type of keys
     * @param <V> the type of values
     * @param strategy the keys' equality
     * @return a new map
     * @throws NullPointerException if {@code strategy} is null
     */
    public <K, V> OneChoiceHashMap<K, V> build(HashStrategy<? super K> strategy) {
      return new OneChoiceHashMap<>(this, Objects.requireNonNull(strategy, "strategy"));
    }
  }

  @Override
  public OneChoiceHashMap<K, V> clone() {
    return (OneChoiceHashMap<K, V>) super.clone();
  }
}
