/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Maglev's lookup table (Eisenbud et al., "Maglev: a fast and reliable software network load
 * balancer", NSDI 2016): M rows (M prime), each naming one node. Node i walks its own permutation
 * of the rows, {@code (offset_i + j · skip_i) mod M} with offset and skip drawn from the hash of
 * its name, and the nodes take turns claiming the next free row of their permutation until every
 * row is claimed. A key goes to row {@code splitmix64(fnv1a64(key)) mod M}.
 *
 * <p>What it guarantees: every node owns ⌊M/N⌋ or ⌈M/N⌉ rows, so the shares are even to within 1/M,
 * better than a {@link LookupTable} filled in rendezvous order. The price: when a node is added or
 * removed the table is filled again, and a few rows change hands between nodes that stayed
 * (0.15–0.2 % of the keys beyond the 1/N that must move, removing one of 8 nodes from 65,537 rows);
 * and a row has no backup: {@link #ranking} offers the next rows' distinct nodes, which are not
 * where the key goes once the table is filled without its node.
 *
 * <p>Cost: {@link #owner(String)} hashes the key and reads one row, O(1), and allocates nothing.
 * Building takes O(M log M) expected row probes. Memory: 4 bytes per row. Immutable and
 * thread-safe.
 *
 * @param <N> the type of the nodes
 * @since 0.1.0
 */
public final class MaglevTable<N> {
  /** The table size Maglev's paper uses for small clusters: a prime. */
  public static final int DEFAULT_ROWS = 65_537;

  private final NodeSet<N> nodes;
  private final int[] rows;

  private MaglevTable(NodeSet<N> nodes, int rows) {
    if (nodes.size() == 0) {
      throw new IllegalArgumentException("nodes must not be empty");
    }
    if (rows < nodes.size() || !isPrime(rows)) {
      throw new IllegalArgumentException(
          "rows must be a prime at least the number of nodes " + nodes.size() + ": " + rows);
    }
    this.nodes = nodes;
    this.rows = fill(nodes, rows);
  }

  /**
   * Returns Maglev's table of {@value #DEFAULT_ROWS} rows on some nodes.
   *
   * @param nodes the nodes, at least one, in the order that takes turns
   * @param name gives each node's name, which must be distinct
   * @param <N> the type of the nodes
   * @return the table
   * @throws NullPointerException if an argument, a node or a name is null
   * @throws IllegalArgumentException if there are no nodes or two nodes have the same name
   */
  public static <N> MaglevTable<N> of(
      Collection<? extends N> nodes, Function<? super N, String> name) {
    return new MaglevTable<>(NodeSet.of(nodes, name), DEFAULT_ROWS);
  }

  /**
   * Returns Maglev's table of a given prime number of rows.
   *
   * @param nodes the nodes, at least one, in the order that takes turns
   * @param name gives each node's name, which must be distinct
   * @param rows the number of rows M: a prime, at least the number of nodes
   * @param <N> the type of the nodes
   * @return the table
   * @throws NullPointerException if an argument, a node or a name is null
   * @throws IllegalArgumentException if there are no nodes, two nodes have the same name, or {@code
   *     rows} is not a prime at least the number of nodes
   */
  public static <N> MaglevTable<N> of(
      Collection<? extends N> nodes, Function<? super N, String> name, int rows) {
    return new MaglevTable<>(NodeSet.of(nodes, name), rows);
  }

  private static int[] fill(NodeSet<?> nodes, int m) {
    int n = nodes.size();
    long[] offset = new long[n];
    long[] skip = new long[n];
    long[] next = new long[n];
    for (int i = 0; i < n; i++) {
      long h = nodes.nameHash(i);
      offset[i] = Long.remainderUnsigned(Hash64.splitmix64(h), m);
      skip[i] = Long.remainderUnsigned(Hash64.splitmix64(h ^ 0x9E3779B97F4A7C15L), m - 1) + 1;
    }
    int[] table = new int[m];
    Arrays.fill(table, -1);
    int filled = 0;
    while (true) {
      for (int i = 0; i < n; i++) {
        int row = (int) ((offset[i] + next[i] * skip[i]) % m);
        while (table[row] >= 0) {
          next[i]++;
          row = (int) ((offset[i] + next[i] * skip[i]) % m);
        }
        table[row] = i;
        next[i]++;
        if (++filled == m) {
          return table;
        }
      }
    }
  }

  private static boolean isPrime(int m) {
    if (m < 2) {
      return false;
    }
    for (int d = 2; (long) d * d <= m; d++) {
      if (m % d == 0) {
        return false;
      }
    }
    return true;
  }

  private int rowOf(String key) {
    return (int)
        Long.remainderUnsigned(
            Hash64.mixedFnv1a64(Objects.requireNonNull(key, "key")), rows.length);
  }

  /**
   * Returns the node of a key's row.
   *
   * @param key the key
   * @return its owner
   * @throws NullPointerException if {@code key} is null
   */
  public N owner(String key) {
    return nodes.get(rows[rowOf(key)]);
  }

  /**
   * Returns k distinct nodes for a key: its row's node, then the nodes of the rows after it, each
   * once. A client can fail a key over along it; it is not where the key goes if its node leaves
   * (the table is filled again then).
   *
   * @param key the key
   * @param k how many nodes, from 0 to {@link #size()}
   * @return a new list of k distinct nodes
   * @throws NullPointerException if {@code key} is null
   * @throws IllegalArgumentException if {@code k} is negative or larger than the number of nodes
   */
  public List<N> ranking(String key, int k) {
    int row = rowOf(key);
    int size = nodes.checkRankingLength(k);
    int[] chosen = new int[k];
    boolean[] taken = new boolean[size];
    for (int filled = 0; filled < k; row = (row + 1) % rows.length) {
      int node = rows[row];
      if (!taken[node]) {
        taken[node] = true;
        chosen[filled++] = node;
      }
    }
    return nodes.at(chosen);
  }

  /** The index of the node that claimed a row. */
  int nodeAt(int row) {
    return rows[row];
  }

  /**
   * Returns the number of rows M.
   *
   * @return M
   */
  public int rows() {
    return rows.length;
  }

  /**
   * Returns the nodes, in order.
   *
   * @return an unmodifiable list
   */
  public List<N> nodes() {
    return nodes.view();
  }

  /**
   * Returns the number of nodes.
   *
   * @return the number of nodes
   */
  public int size() {
    return nodes.size();
  }
}
