/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/** Hash maps and sets built on the power of random choices, their hashing and load statistics. */
module io.github.twochoice {
  exports io.github.twochoice.map;
  exports io.github.twochoice.hash;
  exports io.github.twochoice.stats;
}
