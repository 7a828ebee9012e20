/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

/**
 * What {@link DLeftHashSet} and {@link CuckooHashSet} add to every set: the b slots per bucket of
 * their {@link BucketTable}.
 *
 * @param <E> the type of elements
 * @param <M> the type of the map underneath
 */
abstract class AbstractBucketSet<E, M extends AbstractBucketMap<E, Object>>
    extends AbstractFlatSet<E, M> {
  private static final long serialVersionUID = 1L;

  AbstractBucketSet(M map) {
    super(map);
  }

  /**
   * Returns the number of slots per bucket.
   *
   * @return b
   */
  public int slotsPerBucket() {
    return map().slotsPerBucket();
  }
}
