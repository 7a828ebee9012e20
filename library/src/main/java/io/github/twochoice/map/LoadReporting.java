/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.stats.LoadStats;

/**
 * A hash table that reports how its entries are spread over its buckets. Every map of the library
 * implements it, so code holding any of them as a {@link java.util.Map} can ask for the statistics.
 *
 * @since 0.1.0
 */
public interface LoadReporting {
  /**
   * Returns a snapshot of the bucket loads and lookup costs; each map defines its probe.
   *
   * @return the statistics of this table now
   */
  LoadStats loadStats();
}
