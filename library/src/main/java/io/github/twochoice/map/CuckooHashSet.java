/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.stats.CuckooStats;
import java.util.Collection;
import java.util.Objects;
import java.util.Set;

/**
 * A {@link Set} on the table of {@link CuckooHashMap}: every element lives in one of its d buckets
 * of b slots, so a lookup reads at most d buckets; an insert that finds them full moves other
 * elements along the shortest augmenting path. Null elements are allowed; iterators are fail-fast;
 * serializable and cloneable.
 *
 * <p>The table keeps only the elements (no value per element): 5 bytes per slot with compressed
 * references (a reference and a tag byte), d = 2 buckets of b = 8 slots and a load factor of
 * {@value CuckooHashMap#DEFAULT_LOAD_FACTOR} elements per slot by default. Removing most elements
 * through the set shrinks the table; {@link #trim()} does it on demand.
 *
 * <p><b>Iteration order</b> is unspecified and differs between two sets of the same elements: each
 * set draws a random seed for its hash function. A fixed seed ({@code builder().seed(42)}) makes
 * the order, like the whole table, the same in every run. <b>Threads:</b> reads (lookups,
 * iteration, statistics) write no shared state (a view object may be created twice, harmlessly), so
 * threads may read a safely published set at once while no thread writes; a write needs exclusive
 * access. For shared use wrap it in {@link java.util.Collections#synchronizedSet}, and hand out
 * {@link java.util.Collections#unmodifiableSet} to readers.
 *
 * @param <E> the type of elements
 * @since 0.1.0
 */
public final class CuckooHashSet<E> extends AbstractBucketSet<E, CuckooHashMap<E, Object>> {
  private static final long serialVersionUID = 1L;

  /** Creates an empty set with the default settings and a random seed. */
  public CuckooHashSet() {
    this(0);
  }

  /**
   * Creates an empty set that holds {@code expectedSize} elements without growing.
   *
   * @param expectedSize a number of elements, {@code >= 0}
   * @throws IllegalArgumentException if {@code expectedSize} is negative
   */
  public CuckooHashSet(int expectedSize) {
    this(builder().expectedSize(expectedSize), null);
  }

  /**
   * Creates an empty set that holds {@code expectedSize} elements without growing, with the given
   * load factor.
   *
   * @param expectedSize a number of elements, {@code >= 0}
   * @param loadFactor elements per slot at which the table grows, in (0, 1]
   * @throws IllegalArgumentException if an argument is out of range
   */
  public CuckooHashSet(int expectedSize, float loadFactor) {
    this(builder().expectedSize(expectedSize).loadFactor(loadFactor), null);
  }

  /**
   * Creates a set with the elements of {@code c}, sized for them, with the default settings and a
   * new random seed.
   *
   * @param c the elements to copy
   * @throws NullPointerException if {@code c} is null
   */
  public CuckooHashSet(Collection<? extends E> c) {
    this(c.size());
    addAll(c);
  }

  private CuckooHashSet(Builder builder, HashStrategy<?> strategy) {
    super(new CuckooHashMap<>(builder, false, strategy));
  }

  /**
   * Returns a builder for d, b, the load factor (elements per slot), the expected size, the hash
   * family and the seed.
   *
   * @return a new builder with the defaults
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link CuckooHashSet}s.
   *
   * @since 0.1.0
   */
  public static final class Builder extends BucketMapBuilder<Builder> {
    private Builder() {
      super(CuckooHashMap.DEFAULT_LOAD_FACTOR);
    }

    @Override
    Object buildFor(HashStrategy<?> strategy) {
      return strategy == null ? build() : build(KeyEquality.erase(strategy));
    }

    /**
     * Returns a new empty set with this builder's settings.
     *
     * @param <E> the type of elements
     * @return a new set
     */
    public <E> CuckooHashSet<E> build() {
      return new CuckooHashSet<>(this, null);
    }

    /**
     * Returns a new empty set with this builder's settings that compares and hashes elements with
     * {@code strategy} instead of their own {@code equals} and {@code hashCode}.
     *
     * @param <E> the type of elements
     * @param strategy the elements' equality
     * @return a new set
     * @throws NullPointerException if {@code strategy} is null
     */
    public <E> CuckooHashSet<E> build(HashStrategy<? super E> strategy) {
      return new CuckooHashSet<>(this, Objects.requireNonNull(strategy, "strategy"));
    }
  }

  /**
   * Returns what the inserts have cost since the set was created or deserialized: eviction-path
   * lengths, rebuilds and their causes, and stash use.
   *
   * @return the cuckoo statistics of this set now
   */
  public CuckooStats cuckooStats() {
    return map().cuckooStats();
  }

  @Override
  public CuckooHashSet<E> clone() {
    return (CuckooHashSet<E>) super.clone();
  }
}
