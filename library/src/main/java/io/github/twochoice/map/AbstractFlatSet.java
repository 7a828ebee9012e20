/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.stats.LoadStats;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.AbstractSet;
import java.util.Collection;
import java.util.Iterator;
import java.util.Set;
import java.util.Spliterator;

/**
 * The {@link Set} contract on top of one of the library's maps built with keys only: the set's
 * elements are the map's keys, and the table has no value slots at all (no dummy value per element,
 * as {@link java.util.HashSet} stores). Every operation is the map's, so the set inherits its
 * placement rule, its fail-fast iterators, its growth, shrinking and {@link #trim()}, and its
 * statistics.
 *
 * <p>Serialized as its map, which writes the settings and the elements, not the table.
 *
 * @param <E> the type of elements
 * @param <M> the type of the map underneath
 */
abstract class AbstractFlatSet<E, M extends AbstractFlatMap<E, Object>> extends AbstractSet<E>
    implements Cloneable, Serializable, LoadReporting {
  private static final long serialVersionUID = 1L;

  /** The table, keys only. */
  private M map;

  AbstractFlatSet(M map) {
    this.map = map;
  }

  /** Returns the map underneath, whose keys are this set's elements. */
  final M map() {
    return map;
  }

  /**
   * Returns the number of buckets each element may live in.
   *
   * @return d, the number of choices
   */
  public int choices() {
    return map.choices();
  }

  /**
   * Returns the load factor: elements per slot of the table at which it grows (per bucket for a
   * chained table, whose buckets have one slot each).
   *
   * @return the load factor
   */
  public double loadFactor() {
    return map.loadFactor();
  }

  /**
   * Returns the seed of this set's hash function.
   *
   * @return the seed
   */
  public long seed() {
    return map.seed();
  }

  @Override
  public int size() {
    return map.size();
  }

  @Override
  public boolean isEmpty() {
    return map.isEmpty();
  }

  @Override
  public boolean contains(Object o) {
    return map.containsKey(o);
  }

  @Override
  public boolean add(E e) {
    return map.addKey(e);
  }

  @Override
  public boolean remove(Object o) {
    return map.removeKey(o);
  }

  /**
   * Adds every element of {@code c}. The table first grows once to hold as many elements as both
   * collections have together, rather than growing step by step on the way.
   *
   * @param c the elements to add
   * @return whether this set changed
   * @throws NullPointerException if {@code c} is null
   */
  @Override
  public boolean addAll(Collection<? extends E> c) {
    map.makeRoomFor(c.size());
    return super.addAll(c);
  }

  @Override
  public void clear() {
    map.clear();
  }

  @Override
  public Iterator<E> iterator() {
    return map.keySet().iterator();
  }

  @Override
  public Spliterator<E> spliterator() {
    return map.keySet().spliterator();
  }

  /**
   * Rebuilds the table at the smallest size that holds the elements at the load factor, giving back
   * the memory that removals left empty. Removals through this set shrink a table that becomes a
   * quarter as full as its load factor by themselves; removals through an iterator never do, so
   * call this after them. Iteration order may change.
   */
  public void trim() {
    map.trim();
  }

  @Override
  public LoadStats loadStats() {
    return map.loadStats();
  }

  /**
   * Returns a shallow copy: same settings and seed, the elements themselves not cloned.
   *
   * @return a copy of this set
   */
  @Override
  @SuppressWarnings("unchecked") // super.clone() returns this class; map.clone() the map's
  public AbstractFlatSet<E, M> clone() {
    try {
      AbstractFlatSet<E, M> copy = (AbstractFlatSet<E, M>) super.clone();
      copy.map = (M) map.clone();
      return copy;
    } catch (CloneNotSupportedException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * Writes the {@linkplain SerialForm serialized form} instead of this set: its class, its settings
   * as plain values and its elements, never the layout of its table.
   *
   * @return the form to write
   */
  final Object writeReplace() {
    return map.serialForm(this);
  }

  /**
   * Refuses a stream that holds this set's own fields: a set is read from its serialized form only.
   *
   * @param in the stream
   * @throws InvalidObjectException always
   */
  private void readObject(ObjectInputStream in) throws InvalidObjectException {
    throw SerialForm.proxyRequired();
  }
}
