/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.queue;

/**
 * The tables the {@code queue} command can print ({@code --tables}), in the order it prints them;
 * each names the simulations it needs, so a command that asks for a few tables runs only theirs.
 */
enum QueueTable {
  /** The request sizes: median, mean, maximum and the top 1 %'s share of the work. No runs. */
  SIZES,
  /** Response times and queue lengths per policy and board period. */
  RESPONSE_TIMES,
  /** Each policy's gain over random under the sizes and under exponential sizes. */
  COUNTING,
  /** Each server's share of the work per policy, on fresh loads, beside its share of capacity. */
  TRAFFIC,
  /** A cold server joining halfway through a run. */
  COLD_JOIN,
  /** A server failing fast after the warm-up. */
  FAIL_FAST,
  /** The supermarket model simulated beside its refined mean field and its limit. */
  SUPERMARKET
}
