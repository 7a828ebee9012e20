/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/** Hash maps built on the power of random choices, their load statistics and experiments. */
module io.github.twochoice {
  exports io.github.twochoice.map;
  exports io.github.twochoice.hash;
  exports io.github.twochoice.stats;
  exports io.github.twochoice.sim;
  exports io.github.twochoice.sim.queue;
  exports io.github.twochoice.place;
}
