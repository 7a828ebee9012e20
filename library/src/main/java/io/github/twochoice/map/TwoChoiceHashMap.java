/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.util.Map;
import java.util.Objects;

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
 * <p><b>Growth never pauses.</b> The table is cut into segments with room for at most 512 keys (512
 * buckets at the default load factor), chosen by the low bits of the key's hash ({@link
 * AbstractSegmentedMap}); a segment grows on its own (doubling while the map is small, by half once
 * it is large, split in two past room for 512 keys) when its keys reach the load factor, so the
 * slowest {@code put} moves one segment's keys, whatever the size of the map, and removals shrink
 * and merge segments the same way.
 *
 * <p>Cost: a lookup reads the directory entry of its segment and about {@code d * load} chain
 * entries on a miss, fewer on a hit; an insertion also reads the d chains to compare their lengths.
 * Memory (compressed references): 13 bytes per slot (key, value, tag byte, link), one slot per
 * bucket plus an extra region per segment for the chains' second and later entries, about a quarter
 * of the entries at the default load of 1 key per bucket with two choices; once the map has
 * 2<sup>10</sup> buckets every segment is 2/3 to 1 times the load factor full.
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
    this(builder().expectedSize(expectedSize), true, null);
  }

  /**
   * Creates an empty map that holds {@code expectedSize} entries without growing, with the given
   * load factor.
   *
   * @param expectedSize a number of entries, {@code >= 0}
   * @param loadFactor keys per bucket at which the table grows, positive and finite
   * @throws IllegalArgumentException if an argument is out of range
   */
  public TwoChoiceHashMap(int expectedSize, float loadFactor) {
    this(builder().expectedSize(expectedSize).loadFactor(loadFactor), true, null);
  }

  /**
   * Creates a map with the mappings of {@code map}, sized for them. The copy draws a new random
   * seed and has the default settings whatever {@code map} is; {@link #clone()} keeps a twochoice
   * map's seed and settings, and {@code builder().seed(map.seed())} a chosen few.
   *
   * @param map the mappings to copy
   * @throws NullPointerException if {@code map} is null
   */
  public TwoChoiceHashMap(Map<? extends K, ? extends V> map) {
    this(map.size());
    putAll(map);
  }

  /** Creates a map, or the keys-only table of a {@link TwoChoiceHashSet}. */
  TwoChoiceHashMap(ChoicesBuilder<?> builder, boolean storesValues, HashStrategy<?> strategy) {
    super(
        builder.choices,
        builder.expectedSize,
        builder.loadFactor,
        builder.hasher(),
        storesValues,
        strategy);
  }

  /**
   * Returns a builder for the number of choices, expected size, load factor, hash family and seed.
   *
   * @return a new builder with the defaults
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link TwoChoiceHashMap}s.
   *
   * @since 0.1.0
   */
  public static final class Builder extends ChoicesBuilder<Builder> {
    private Builder() {}

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
    public <K, V> TwoChoiceHashMap<K, V> build() {
      return new TwoChoiceHashMap<>(this, true, null);
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
    public <K, V> TwoChoiceHashMap<K, V> build(HashStrategy<? super K> strategy) {
      return new TwoChoiceHashMap<>(this, true, Objects.requireNonNull(strategy, "strategy"));
    }
  }

  @Override
  public TwoChoiceHashMap<K, V> clone() {
    return (TwoChoiceHashMap<K, V>) super.clone();
  }
}
