/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

/**
 * A key whose {@code hashCode()} throws while {@link #failing} is set, if it is fragile: how the
 * growth-failure tests make a growth fail half way, when it hashes the keys it moves.
 */
final class FragileKey {
  static boolean failing;
  final int value;
  final boolean fragile;

  FragileKey(int value, boolean fragile) {
    this.value = value;
    this.fragile = fragile;
  }

  @Override
  public int hashCode() {
    if (failing && fragile) {
      throw new IllegalStateException("hashCode failed");
    }
    return value * 0x9E37_79B9;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FragileKey other && other.value == value && other.fragile == fragile;
  }
}
