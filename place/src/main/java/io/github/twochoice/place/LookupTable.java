/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A fixed-size lookup table filled in rendezvous order, for O(1) lookups among many nodes: the
 * design of the forwarding table of GitHub's load balancer director, GLB (github/glb-director,
 * docs/development/glb-hashing.md; Julienne, "GLB: GitHub's open source load balancer", GitHub
 * Engineering blog, 2018), where each row holds a primary and a secondary server, the first two of
 * a rendezvous ordering of the servers for that row. The table has M rows; row r is placed like a
 * key whose hash is the r-th output of the SplitMix64 generator seeded with 0, {@code splitmix64((r
 * + 1) · 0x9e3779b97f4a7c15)}: its primary is the node of highest {@linkplain PairHash#standard()
 * rendezvous weight} for it, its backup the second. A key goes to row {@code
 * splitmix64(fnv1a64(key)) mod M}. (GLB seeds row r with a keyed SipHash of r and orders the
 * servers by a SipHash of that seed and the server's address, in a table of 2<sup>16</sup> rows.)
 *
 * <p>Because every row follows its own rendezvous ranking, changes are minimal, exactly:
 *
 * <ul>
 *   <li>after {@link #remove(Object) remove(x)}, a row whose primary was not x keeps its primary,
 *       and a row whose primary was x takes its backup as primary: exactly x's rows, about M/N of
 *       them, change primary;
 *   <li>after {@link #add(Object) add(x)}, a row changes primary only to x, about M/(N + 1) rows.
 * </ul>
 *
 * <p>The table is the result of filling every row from scratch on the current nodes; add and remove
 * only recompute the rows they affect. Each node owns a Binomial(M, 1/N) number of rows, so its
 * share of the keys is 1/N within a relative error of about {@code sqrt(N/M)}: 4 % for N = 100 and
 * the default M = 65537. Maglev's table (Eisenbud et al., "Maglev: a fast and reliable software
 * network load balancer", NSDI 2016) is filled another way, from a permutation of the rows for each
 * node, with one node per row and no backup: it balances the rows almost exactly, but a change of
 * nodes moves some rows between surviving nodes.
 *
 * <p>Cost: {@link #owner(String)} and {@link #backup(String)} hash the key and read one row, O(1),
 * and allocate nothing. Building takes M·N pair hashes; {@code add} at most 3M, and {@code remove}
 * about 2M (the N pair hashes of each of the about 2M/N rows where the node was primary or backup).
 * Memory: 8 bytes per row. Not thread-safe: lookups may run concurrently only while nobody adds or
 * removes nodes.
 *
 * @param <N> the type of the nodes
 * @since 0.1.0
 */
public final class LookupTable<N> {
  /**
   * The default number of rows, M = 65537 = 2<sup>16</sup> + 1. Any M works, as a key's row is its
   * mixed hash mod M; GLB's tables have 2<sup>16</sup> rows.
   */
  public static final int DEFAULT_ROWS = 65_537;

  private static final PairHash PAIR_HASH = PairHash.standard();
  private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

  private final NodeSet<N> nodes;
  private final int[] primaries;
  private final int[] backups;

  private LookupTable(NodeSet<N> nodes, int rows) {
    if (nodes.size() < 2) {
      throw new IllegalArgumentException(
          "a table of primaries and backups needs at least 2 nodes: " + nodes.size());
    }
    if (rows < nodes.size()) {
      throw new IllegalArgumentException(
          "rows must be at least the number of nodes " + nodes.size() + ": " + rows);
    }
    this.nodes = nodes;
    primaries = new int[rows];
    backups = new int[rows];
    for (int row = 0; row < rows; row++) {
      fillRow(row);
    }
  }

  /**
   * Returns a table of {@value #DEFAULT_ROWS} rows.
   *
   * @param nodes the nodes, at least 2, in the order that breaks ties
   * @param name gives each node's name
   * @param <N> the type of the nodes
   * @return the table
   * @throws NullPointerException if an argument, a node or a name is null
   * @throws IllegalArgumentException if there are fewer than 2 nodes or more nodes than rows, or
   *     two nodes have the same name
   */
  public static <N> LookupTable<N> of(
      Collection<? extends N> nodes, Function<? super N, String> name) {
    return of(nodes, name, DEFAULT_ROWS);
  }

  /**
   * Returns a table of a given number of rows.
   *
   * @param nodes the nodes, at least 2, in the order that breaks ties
   * @param name gives each node's name
   * @param rows the number of rows M, at least the number of nodes; more rows balance better
   * @param <N> the type of the nodes
   * @return the table
   * @throws NullPointerException if an argument, a node or a name is null
   * @throws IllegalArgumentException if there are fewer than 2 nodes or more nodes than rows, or
   *     two nodes have the same name
   */
  public static <N> LookupTable<N> of(
      Collection<? extends N> nodes, Function<? super N, String> name, int rows) {
    return new LookupTable<>(NodeSet.of(nodes, name), rows);
  }

  /**
   * Returns the primary node of a key's row.
   *
   * @param key the key
   * @return its owner
   * @throws NullPointerException if {@code key} is null
   */
  public N owner(String key) {
    return nodes.get(primaries[rowOf(key)]);
  }

  /**
   * Returns the backup node of a key's row: its owner if the primary is removed.
   *
   * @param key the key
   * @return its backup, never the owner
   * @throws NullPointerException if {@code key} is null
   */
  public N backup(String key) {
    return nodes.get(backups[rowOf(key)]);
  }

  /**
   * Adds a node; it becomes the primary of the rows where it outranks the primary, and the backup
   * of those where it outranks only the backup.
   *
   * @param node the new node
   * @throws NullPointerException if {@code node} or its name is null
   * @throws IllegalArgumentException if a node of the same name is present
   * @throws IllegalStateException if there are as many nodes as rows
   */
  public void add(N node) {
    if (nodes.size() == primaries.length) {
      throw new IllegalStateException("a table of " + primaries.length + " rows is full");
    }
    nodes.add(node);
    int added = nodes.size() - 1;
    for (int row = 0; row < primaries.length; row++) {
      long rowHash = rowHash(row);
      long weight = weight(rowHash, added);
      if (Long.compareUnsigned(weight, weight(rowHash, primaries[row])) > 0) {
        backups[row] = primaries[row];
        primaries[row] = added;
      } else if (Long.compareUnsigned(weight, weight(rowHash, backups[row])) > 0) {
        backups[row] = added;
      }
    }
  }

  /**
   * Removes the node with the given node's name: its rows pass to their backups, and the rows where
   * it was primary or backup get a new backup.
   *
   * @param node the node to remove
   * @return whether a node was removed
   * @throws NullPointerException if {@code node} or its name is null
   * @throws IllegalStateException if the node is one of the last 2
   */
  public boolean remove(N node) {
    if (nodes.size() == 2 && nodes.indexOf(node) >= 0) {
      throw new IllegalStateException("a table of primaries and backups needs at least 2 nodes");
    }
    int removed = nodes.remove(node);
    if (removed < 0) {
      return false;
    }
    for (int row = 0; row < primaries.length; row++) {
      int primary = primaries[row];
      int backup = backups[row];
      if (primary == removed || backup == removed) {
        fillRow(row);
      } else {
        primaries[row] = primary > removed ? primary - 1 : primary;
        backups[row] = backup > removed ? backup - 1 : backup;
      }
    }
    return true;
  }

  /** Sets a row's primary and backup to the two nodes of highest weight for it. */
  private void fillRow(int row) {
    long rowHash = rowHash(row);
    int first = -1;
    int second = -1;
    long firstWeight = 0;
    long secondWeight = 0;
    for (int node = 0; node < nodes.size(); node++) {
      long weight = weight(rowHash, node);
      if (first < 0 || Long.compareUnsigned(weight, firstWeight) > 0) {
        second = first;
        secondWeight = firstWeight;
        first = node;
        firstWeight = weight;
      } else if (second < 0 || Long.compareUnsigned(weight, secondWeight) > 0) {
        second = node;
        secondWeight = weight;
      }
    }
    primaries[row] = first;
    backups[row] = second;
  }

  /** Returns the row of a key. */
  int rowOf(String key) {
    return (int)
        Long.remainderUnsigned(
            Hash64.mixedFnv1a64(Objects.requireNonNull(key, "key")), primaries.length);
  }

  /** Returns the primary node of a row. */
  N primaryOfRow(int row) {
    return nodes.get(primaries[row]);
  }

  /** Returns the backup node of a row. */
  N backupOfRow(int row) {
    return nodes.get(backups[row]);
  }

  /** Returns the hash that places row r: the r-th output of SplitMix64 seeded with 0. */
  private static long rowHash(int row) {
    return Hash64.splitmix64((row + 1L) * GOLDEN_GAMMA);
  }

  private long weight(long rowHash, int node) {
    return PAIR_HASH.weight(rowHash, nodes.nameHash(node));
  }

  /**
   * Returns the number of rows, M.
   *
   * @return the number of rows
   */
  public int rows() {
    return primaries.length;
  }

  /**
   * Returns the nodes in the order they were added.
   *
   * @return an unmodifiable view that follows later additions and removals
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
