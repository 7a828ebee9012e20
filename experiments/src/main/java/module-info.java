/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/** Seeded experiments on random choices, and the theory they are read against. */
module io.github.twochoice.experiments {
  requires io.github.twochoice;

  exports io.github.twochoice.sim;
  exports io.github.twochoice.sim.queue;
  exports io.github.twochoice.theory;
}
