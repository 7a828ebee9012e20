/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.util.Collection;
import java.util.Objects;
import java.util.Set;

/**
 * A {@link Set} on the table of {@link TwoChoiceHashMap}: every element has d ≥ 2 buckets (default
 * 2) and joins the shortest of their chains, so the longest chain stays at {@code ln ln n / ln d +
 * O(1)}. Null elements are allowed; iterators are fail-fast; serializable and cloneable.
 *
 * <p>The table keeps only the elements (no value per element): 9 bytes per slot of the table with
 * compressed references, a slot per bucket plus about a quarter of the elements in the chains'
 * extra region at the default load factor of 1 element per bucket ({@link #loadStats()} shows the
 * chains). Removing most elements through the set shrinks the table; {@link #trim()} does it on
 * demand.
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
public final class TwoChoiceHashSet<E> extends AbstractFlatSet<E, TwoChoiceHashMap<E, Object>> {
  private static final long serialVersionUID = 1L;

  /** Creates an empty set with the default settings and a random seed. */
  public TwoChoiceHashSet() {
    this(0);
  }

  /**
   * Creates an empty set that holds {@code expectedSize} elements without growing.
   *
   * @param expectedSize a number of elements, {@code >= 0}
   * @throws IllegalArgumentException if {@code expectedSize} is negative
   */
  public TwoChoiceHashSet(int expectedSize) {
    this(builder().expectedSize(expectedSize), null);
  }

  /**
   * Creates an empty set that holds {@code expectedSize} elements without growing, with the given
   * load factor.
   *
   * @param expectedSize a number of elements, {@code >= 0}
   * @param loadFactor elements per bucket at which the table grows, positive and finite
   * @throws IllegalArgumentException if an argument is out of range
   */
  public TwoChoiceHashSet(int expectedSize, float loadFactor) {
    this(builder().expectedSize(expectedSize).loadFactor(loadFactor), null);
  }

  /**
   * Creates a set with the elements of {@code c}, sized for them, with the default settings and a
   * new random seed.
   *
   * @param c the elements to copy
   * @throws NullPointerException if {@code c} is null
   */
  public TwoChoiceHashSet(Collection<? extends E> c) {
    this(c.size());
    addAll(c);
  }

  private TwoChoiceHashSet(Builder builder, HashStrategy<?> strategy) {
    super(new TwoChoiceHashMap<>(builder, false, strategy));
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
   * Builds {@link TwoChoiceHashSet}s.
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
     * Returns a new empty set with this builder's settings.
     *
     * @param <E> the type of elements
     * @return a new set
     */
    public <E> TwoChoiceHashSet<E> build() {
      return new TwoChoiceHashSet<>(this, null);
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
    public <E> TwoChoiceHashSet<E> build(HashStrategy<? super E> strategy) {
      return new TwoChoiceHashSet<>(this, Objects.requireNonNull(strategy, "strategy"));
    }
  }

  @Override
  public TwoChoiceHashSet<E> clone() {
    return (TwoChoiceHashSet<E>) super.clone();
  }
}
