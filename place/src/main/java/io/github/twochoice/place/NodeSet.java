/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * The nodes of a placement in the order they were added, each with its name and the name's FNV-1a
 * 64 hash, computed once. Nodes are identified by their names, which must be distinct and non-null.
 *
 * <p>Cost: adding a node hashes its name once; looking a node up or removing one takes O(N).
 * Memory: the node, its name and 8 bytes of hash per node, and a hash set of the names.
 */
final class NodeSet<N> {
  private final Function<? super N, String> nameOf;
  private final List<N> nodes = new ArrayList<>();
  private final List<N> view = Collections.unmodifiableList(nodes);
  private final List<String> names = new ArrayList<>();
  private final Set<String> nameSet = new HashSet<>();
  private long[] nameHashes = new long[8];

  NodeSet(Function<? super N, String> nameOf) {
    this.nameOf = Objects.requireNonNull(nameOf, "name");
  }

  /** Returns a node set holding some nodes, in the collection's iteration order. */
  static <N> NodeSet<N> of(Collection<? extends N> nodes, Function<? super N, String> nameOf) {
    Objects.requireNonNull(nodes, "nodes");
    NodeSet<N> set = new NodeSet<>(nameOf);
    for (N node : nodes) {
      set.add(node);
    }
    return set;
  }

  /** Appends a node; throws if it is null, its name is null or its name is taken. */
  void add(N node) {
    String name = nameOf(node);
    if (!nameSet.add(name)) {
      throw new IllegalArgumentException("duplicate node name: " + name);
    }
    int index = nodes.size();
    if (index == nameHashes.length) {
      nameHashes = Arrays.copyOf(nameHashes, 2 * index);
    }
    nameHashes[index] = Hash64.fnv1a64(name);
    nodes.add(node);
    names.add(name);
  }

  /**
   * Removes the node with the given node's name, shifting the later nodes down by one.
   *
   * @return the removed node's index, or -1 if there was no such node
   */
  int remove(N node) {
    int index = indexOf(node);
    if (index >= 0) {
      nameSet.remove(names.remove(index));
      nodes.remove(index);
      System.arraycopy(nameHashes, index + 1, nameHashes, index, nodes.size() - index);
    }
    return index;
  }

  /** Returns the index of the node with the given node's name, or -1. */
  int indexOf(N node) {
    return names.indexOf(nameOf(node));
  }

  int size() {
    return nodes.size();
  }

  /**
   * Returns the FNV-1a 64 hash of a key that is about to be placed on these nodes; throws if the
   * key is null or there are no nodes.
   */
  long hashOfKeyToPlace(String key) {
    Objects.requireNonNull(key, "key");
    if (nodes.isEmpty()) {
      throw new IllegalStateException("no nodes to place key " + key + " on");
    }
    return Hash64.fnv1a64(key);
  }

  /** Returns the number of nodes, after checking that a ranking of k of them exists. */
  int checkRankingLength(int k) {
    int size = size();
    if (k < 0 || k > size) {
      throw new IllegalArgumentException(
          "k must be between 0 and the number of nodes " + size + ": " + k);
    }
    return size;
  }

  /** The nodes at the given indices, in that order, as a new list. */
  List<N> at(int[] indices) {
    List<N> list = new ArrayList<>(indices.length);
    for (int index : indices) {
      list.add(get(index));
    }
    return list;
  }

  N get(int index) {
    return nodes.get(index);
  }

  String name(int index) {
    return names.get(index);
  }

  long nameHash(int index) {
    return nameHashes[index];
  }

  /** Returns an unmodifiable view of the nodes, in order. */
  List<N> view() {
    return view;
  }

  private String nameOf(N node) {
    Objects.requireNonNull(node, "node");
    return Objects.requireNonNull(nameOf.apply(node), () -> "name of node " + node);
  }
}
