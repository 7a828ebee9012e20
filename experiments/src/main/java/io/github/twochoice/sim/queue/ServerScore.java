/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

/** How a scanning policy ranks a server: lower is better. Must be O(1) and allocation-free. */
@FunctionalInterface
interface ServerScore {
  /** Returns the server's score as the view shows it. */
  double of(LoadView load, int server);
}
