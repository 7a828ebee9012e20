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
 * <p>Four shortcuts look equivalent and are not; they are here to be measured, not used. Each
 * combines the key and the node without mixing the combination, so every key orders the nodes by
 * one structure fixed by the node hashes alone.
 *
 * <ul>
 *   <li>{@link #xorUnmixed()}, {@code keyHash ^ nodeHash}. Which of two nodes s and s' weighs more
 *       for a key is decided by one bit of the key hash: the bit at the highest position where
 *       {@code h(s)} and {@code h(s')} differ. Every comparison is a linear function of the key
 *       hash, and the order of all nodes is a walk down one fixed binary trie of the node hashes,
 *       the key's bits choosing the branches. Shares follow the trie's shape (a node alone in one
 *       half of the trie owns half of the keys), and a key's second choice is, whatever the key,
 *       one of the nodes whose hashes share the longest prefix with its first choice's: when a node
 *       fails, its keys all fall on its trie neighbours instead of spreading over every node.
 *   <li>{@link #xorOfMixed()}, {@code splitmix64(keyHash) ^ splitmix64(nodeHash)}. Mixing each side
 *       separately only randomizes the trie: two keys still order the same per-node values, XORed
 *       with a different key constant, so all the correlations above remain.
 *   <li>{@link #sumUnmixed()}, {@code keyHash + nodeHash}, and {@link #sumOfMixed()}, {@code
 *       splitmix64(keyHash) + splitmix64(nodeHash)} (both mod 2<sup>64</sup>). Adding the key's
 *       value rotates the circle of 2<sup>64</sup> values, so every key ranks the nodes in one
 *       fixed cyclic order, descending node value, and only chooses where to start: a key's backup
 *       is always the node whose value is next below its primary's (cyclically), and a node's share
 *       of the keys is the gap between its value and the next one above, as on a consistent-hashing
 *       ring of one token per node. Unmixed FNV-1a hashes of names that differ in their last bytes
 *       lie close together, so one node takes almost every key.
 * </ul>
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

  /**
   * Returns {@code keyHash ^ nodeHash}, with no mixing: a counterexample, whose node orders are
   * correlated across keys (see above).
   *
   * @return the unmixed XOR pair hash
   */
  static PairHash xorUnmixed() {
    return (keyHash, nodeHash) -> keyHash ^ nodeHash;
  }

  /**
   * Returns {@code splitmix64(keyHash) ^ splitmix64(nodeHash)}, each side mixed separately: a
   * counterexample, whose node orders are as correlated across keys as {@link #xorUnmixed()}'s.
   *
   * @return the XOR-of-mixed pair hash
   */
  static PairHash xorOfMixed() {
    return (keyHash, nodeHash) -> Hash64.splitmix64(keyHash) ^ Hash64.splitmix64(nodeHash);
  }

  /**
   * Returns {@code keyHash + nodeHash}, with no mixing: a counterexample, whose keys all rank the
   * nodes in one cyclic order of their hashes (see above).
   *
   * @return the unmixed sum pair hash
   * @since 0.1.0
   */
  static PairHash sumUnmixed() {
    return (keyHash, nodeHash) -> keyHash + nodeHash;
  }

  /**
   * Returns {@code splitmix64(keyHash) + splitmix64(nodeHash)}, each side mixed separately: a
   * counterexample, whose keys all rank the nodes in one cyclic order of their mixed hashes (see
   * above).
   *
   * @return the sum-of-mixed pair hash
   * @since 0.1.0
   */
  static PairHash sumOfMixed() {
    return (keyHash, nodeHash) -> Hash64.splitmix64(keyHash) + Hash64.splitmix64(nodeHash);
  }
}
