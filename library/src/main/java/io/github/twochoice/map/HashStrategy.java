/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

/**
 * A user-supplied equality for the keys of a map or the elements of a set, in place of the keys'
 * own {@code equals} and {@code hashCode}: arrays compared by content, strings compared without
 * case, keys compared by one field. Give it to a builder's {@code build(HashStrategy)}.
 *
 * <pre>{@code
 * HashStrategy<byte[]> content = new HashStrategy<>() {
 *   public int hashCode(byte[] key) { return Arrays.hashCode(key); }
 *   public boolean equals(byte[] a, byte[] b) { return Arrays.equals(a, b); }
 * };
 * TwoChoiceHashMap<byte[], String> byContent = TwoChoiceHashMap.builder().build(content);
 * }</pre>
 *
 * <p>The two methods must agree as {@code equals} and {@code hashCode} do: keys equal under {@link
 * #equals} have the same {@link #hashCode}. The map never passes {@code null} to them: a null key
 * equals only itself. A lookup with an object that is not a {@code K} passes it on unchecked, so
 * the strategy may throw {@link ClassCastException}, as fastutil's and Eclipse Collections'
 * strategies do.
 *
 * <p>Lookups, insertions and removals use the strategy. {@code Map.hashCode()} and the entries'
 * {@code equals} and {@code hashCode} keep the formulas of {@link java.util.Map} and {@link
 * java.util.Map.Entry}, which use the keys' own methods, as a {@link java.util.TreeMap} with a
 * comparator does; so comparing such a map with a map of the keys' own equality is not symmetric. A
 * map with a strategy is serializable only if its strategy is.
 *
 * @param <K> the type of keys
 * @since 0.1.0
 */
public interface HashStrategy<K> {
  /**
   * Returns the hash code of a key; keys equal under {@link #equals} must have the same one.
   *
   * @param key a key, never null
   * @return its hash code
   */
  int hashCode(K key);

  /**
   * Returns whether two keys are the same key for the map.
   *
   * @param a a key, never null
   * @param b another key, never null
   * @return whether they are equal
   */
  boolean equals(K a, K b);
}
