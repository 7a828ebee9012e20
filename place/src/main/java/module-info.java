/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/** Placing keys on servers: rendezvous hashing, consistent hashing, mod N; no dependencies. */
module io.github.twochoice.place {
  exports io.github.twochoice.place;
}
