/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.io.Serializable;

/**
 * A test key whose hash code is chosen: keys of one hash code share every choice under every seed
 * (a flood that reaches the overflow area), and a search over hash codes finds keys for chosen
 * buckets. Two keys are equal when both their id and their hash code are.
 *
 * @param id what tells keys of one hash code apart
 * @param hash the hash code
 */
record Key(int id, int hash) implements Serializable {
  /** A hash code for key {@code i} spread by the golden ratio, never 0 for small {@code i}. */
  static Key spread(int i) {
    return new Key(i, i * 0x9E3779B9 + 1);
  }

  @Override
  public int hashCode() {
    return hash;
  }
}
