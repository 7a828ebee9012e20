/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Hash maps and sets built on the power of random choices, and their load statistics. The choice
 * hashing under them is reached only by the experiments, which place keys the way the maps do.
 */
module io.github.twochoice {
  exports io.github.twochoice.map;
  exports io.github.twochoice.stats;
  exports io.github.twochoice.hash to
      io.github.twochoice.experiments;
}
