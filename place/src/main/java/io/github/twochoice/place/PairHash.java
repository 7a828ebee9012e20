/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

/**
 * The random weight of a (key, node) pair in rendezvous hashing, computed from the key's and the
 * node's name's {@linkplain Hash64#fnv1a64(String) FNV-1a hashes}. A rendezvous placement computes
 * each node's name hash once, when the node is added, and the key's once per lookup; a pair then
 * costs one call of {@link #weight(long, long)}.
 *
 * <p>The {@linkplain #standard() standard} pair hash is {@code splitmix64(keyHash ^ nodeHash)}:
 * combine first, mix last. Each pair is then a fresh input to the finalizer, and one key's weights
 * bear no visible relation to another key's, which is what rendezvous hashing assumes (Thaler and
 * Ravishankar, "Using name-based mappings to increase hit rates", IEEE/ACM Transactions on
 * Networking, 1998): every key sees its own independent random order of the nodes.
 *
 * <p>Another pair hash must mix the combination last as well. Combining the two hashes without a
 * final mix, by XOR or by a sum, even of hashes mixed separately first, leaves the order of the
 * nodes to a structure that the node hashes alone fix (a binary trie for XOR, a cyclic order for a
 * sum): a key's backup is then one of a few neighbours of its primary, whatever the key, and a
 * failed node's keys fall on those neighbours instead of spreading over every node.
 *
 * <p>Implementations must be pure functions of their arguments; a lookup calls one per node.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface PairHash {
  /**
   * Returns the weight of a node for a key; the node with the highest weight, compared as unsigned
   * 64-bit integers, owns the key.
   *
   * @param keyHash the FNV-1a 64 hash of the key
   * @param nodeHash the FNV-1a 64 hash of the node's name
   * @return the pair's weight
   */
  long weight(long keyHash, long nodeHash);

  /**
   * Returns the standard pair hash, {@code splitmix64(keyHash ^ nodeHash)}: the default of every
   * rendezvous placement of this package.
   *
   * @return the standard pair hash
   */
  static PairHash standard() {
    return (keyHash, nodeHash) -> Hash64.splitmix64(keyHash ^ nodeHash);
  }
}
