/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.maps;

/** The keys the {@code maps} experiment inserts. */
public enum KeyOrder {
  /** Distinct random ints from the seed. */
  RANDOM,
  /** 0, 1, 2, …: the keys that expose a hash function without randomness. */
  SEQUENTIAL
}
