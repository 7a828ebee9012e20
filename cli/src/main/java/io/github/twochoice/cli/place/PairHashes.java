/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import io.github.twochoice.place.Hash64;
import io.github.twochoice.place.PairHash;

/**
 * The pair hashes the {@code place} command compares under rendezvous hashing: the library's
 * {@linkplain PairHash#standard() standard} one, which mixes the combination of the key's and the
 * node's hashes, and four shortcuts that look equivalent and are not. Each shortcut combines the
 * key and the node without mixing the combination, so every key orders the nodes by one structure
 * fixed by the node hashes alone:
 *
 * <ul>
 *   <li>{@link #XOR}, {@code keyHash ^ nodeHash}. Which of two nodes s and s' weighs more for a key
 *       is decided by one bit of the key hash: the bit at the highest position where {@code h(s)}
 *       and {@code h(s')} differ. Every comparison is a linear function of the key hash, and the
 *       order of all nodes is a walk down one fixed binary trie of the node hashes, the key's bits
 *       choosing the branches. Shares follow the trie's shape (a node alone in one half of the trie
 *       owns half of the keys), and a key's second choice is, whatever the key, one of the nodes
 *       whose hashes share the longest prefix with its first choice's: when a node fails, its keys
 *       all fall on its trie neighbours instead of spreading over every node.
 *   <li>{@link #XOR_OF_MIXED}, {@code splitmix64(keyHash) ^ splitmix64(nodeHash)}. Mixing each side
 *       separately only randomizes the trie: two keys still order the same per-node values, XORed
 *       with a different key constant, so all the correlations above remain.
 *   <li>{@link #SUM}, {@code keyHash + nodeHash}, and {@link #SUM_OF_MIXED}, {@code
 *       splitmix64(keyHash) + splitmix64(nodeHash)} (both mod 2<sup>64</sup>). Adding the key's
 *       value rotates the circle of 2<sup>64</sup> values, so every key ranks the nodes in one
 *       fixed cyclic order, descending node value, and only chooses where to start: a key's backup
 *       is always the node whose value is next below its primary's (cyclically), and a node's share
 *       of the keys is the gap between its value and the next one above, as on a consistent-hashing
 *       ring of one token per node. Unmixed FNV-1a hashes of names that differ in their last bytes
 *       lie close together, so one node takes almost every key.
 * </ul>
 *
 * <p>In the labels, h is FNV-1a 64 and mix the SplitMix64 finalizer. Constant data; a weight costs
 * what its formula says, at most two finalizers.
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
      case XOR -> (keyHash, nodeHash) -> keyHash ^ nodeHash;
      case XOR_OF_MIXED ->
          (keyHash, nodeHash) -> Hash64.splitmix64(keyHash) ^ Hash64.splitmix64(nodeHash);
      case SUM -> (keyHash, nodeHash) -> keyHash + nodeHash;
      case SUM_OF_MIXED ->
          (keyHash, nodeHash) -> Hash64.splitmix64(keyHash) + Hash64.splitmix64(nodeHash);
    };
  }
}
