/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;

/**
 * How a table compares and hashes keys: with their own {@code equals} and {@code hashCode} (a null
 * strategy, the fast path every lookup takes by default) or with a {@link HashStrategy}. Static, so
 * that the JIT inlines it into each table's lookup loop.
 */
final class KeyEquality {
  private KeyEquality() {}

  /**
   * Returns whether the stored key {@code stored} is the key {@code key} under {@code strategy}.
   * Without a strategy this is the very expression the lookups had before strategies existed, so
   * that the default path compiles as it did.
   */
  static boolean same(HashStrategy<Object> strategy, Object key, Object stored) {
    if (strategy == null) {
      return stored == key || (key != null && key.equals(stored));
    }
    return stored == key || (key != null && stored != null && strategy.equals(key, stored));
  }

  /** Returns the 64-bit hash of {@code key}: of its own hash code, or of the strategy's. */
  static long hash(ChoiceHasher hasher, HashStrategy<Object> strategy, Object key) {
    return strategy == null || key == null
        ? hasher.hash(key)
        : hasher.hashOf(strategy.hashCode(key));
  }

  /** Returns the strategy to store: unchecked, since a lookup may pass any object. */
  @SuppressWarnings("unchecked") // documented in HashStrategy: a foreign key reaches it unchecked
  static HashStrategy<Object> erase(HashStrategy<?> strategy) {
    return (HashStrategy<Object>) strategy;
  }
}
