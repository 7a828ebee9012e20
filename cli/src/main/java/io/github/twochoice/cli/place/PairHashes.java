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
  STANDARD("mix(h(k) ^ h(s))", PairHash.standard()),
  XOR("h(k) ^ h(s)", PairHash.xorUnmixed()),
  XOR_OF_MIXED("mix(h(k)) ^ mix(h(s))", PairHash.xorOfMixed()),
  SUM("h(k) + h(s)", PairHash.sumUnmixed()),
  SUM_OF_MIXED("mix(h(k)) + mix(h(s))", PairHash.sumOfMixed());

  private final String label;
  private final PairHash pairHash;

  PairHashes(String label, PairHash pairHash) {
    this.label = label;
    this.pairHash = pairHash;
  }

  /** The formula of the weight of node s for key k, as the tables show it. */
  String label() {
    return label;
  }

  PairHash pairHash() {
    return pairHash;
  }
}
