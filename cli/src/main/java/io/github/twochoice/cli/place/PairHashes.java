/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import io.github.twochoice.place.PairHash;

/**
 * The pair hashes the {@code place} command compares under rendezvous hashing: the standard one,
 * which mixes the combination of the key's and the node's hashes, and four that combine the two
 * without a final mix ({@link PairHash} explains what each does to the order of the nodes). In the
 * labels, h is FNV-1a 64 and mix the SplitMix64 finalizer. Constant data; no cost.
 */
enum PairHashes {
  STANDARD("mix(h(k) ^ h(s))"),
  XOR("h(k) ^ h(s)"),
  XOR_OF_MIXED("mix(h(k)) ^ mix(h(s))"),
  SUM("h(k) + h(s)"),
  SUM_OF_MIXED("mix(h(k)) + mix(h(s))");

  private final String label;

  PairHashes(String label) {
    this.label = label;
  }

  /** The formula of the weight of node s for key k, as the tables show it. */
  String label() {
    return label;
  }

  /** The pair hash the label names; the enum holds only its label, which is immutable. */
  PairHash pairHash() {
    return switch (this) {
      case STANDARD -> PairHash.standard();
      case XOR -> PairHash.xorUnmixed();
      case XOR_OF_MIXED -> PairHash.xorOfMixed();
      case SUM -> PairHash.sumUnmixed();
      case SUM_OF_MIXED -> PairHash.sumOfMixed();
    };
  }
}
