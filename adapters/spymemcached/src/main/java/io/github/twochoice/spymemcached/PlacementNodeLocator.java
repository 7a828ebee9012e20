/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.spymemcached;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import net.spy.memcached.MemcachedNode;
import net.spy.memcached.MemcachedNodeROImpl;
import net.spy.memcached.NodeLocator;

/**
 * A spymemcached {@link NodeLocator} that places every key by one of the placement module's
 * schemes: {@linkplain #rendezvous rendezvous hashing}, {@linkplain #weightedRendezvous weighted
 * rendezvous hashing}, the {@linkplain #lookupTable lookup table}, and, for comparison, {@linkplain
 * #jump jump hashing} and {@linkplain #maglev Maglev's table}. A server is known by its {@code
 * host:port}, as written in the client's address list, so clients given the same list place alike;
 * under rendezvous, weighted rendezvous and the table whatever the order of the list (jump hashing
 * numbers the servers in list order, and Maglev's servers claim rows in turn in that order).
 *
 * <p>What it guarantees for rendezvous, weighted rendezvous and the table, beside the placement's
 * own balance: while a key's server is down, the client (in its default {@code
 * FailureMode.Redistribute}) sends the key to the next server of the key's ranking ({@link
 * #getSequence}), the server that would own the key if the failed one were removed; so the keys of
 * a failed server, and only those, move, and they spread over the others. A new server list ({@link
 * #updateLocator}) moves only the keys the placement moves: those of removed servers, and about
 * 1/(N + 1) of the keys to each added one.
 *
 * <p>Cost: {@link #getPrimary} is the placement's lookup, O(N) pair hashes for rendezvous, one row
 * for the tables; {@link #getSequence} ranks the servers, O(N²) at worst for N servers (expected
 * O(N log N) draws for jump hashing). Lookups read one volatile field and take no lock; {@link
 * #updateLocator} builds a new placement and publishes it.
 */
public final class PlacementNodeLocator implements NodeLocator {
  private final Function<List<MemcachedNode>, KeyPlacement> scheme;
  private volatile Servers servers;

  /** A server list and the placement built on it, published together. */
  private record Servers(List<MemcachedNode> nodes, KeyPlacement placement) {}

  private PlacementNodeLocator(
      List<MemcachedNode> nodes, Function<List<MemcachedNode>, KeyPlacement> scheme) {
    this.scheme = scheme;
    updateLocator(nodes);
  }

  /**
   * Places keys by rendezvous hashing: each of N servers owns 1/N of the keys.
   *
   * @param nodes the client's servers, at least one
   * @return the locator
   * @throws NullPointerException if {@code nodes} or one of them is null
   * @throws IllegalArgumentException if two servers have the same {@code host:port}
   */
  public static PlacementNodeLocator rendezvous(List<MemcachedNode> nodes) {
    return new PlacementNodeLocator(nodes, KeyPlacement::rendezvous);
  }

  /**
   * Places keys by weighted rendezvous hashing: each server owns a share of the keys in proportion
   * to its weight.
   *
   * @param nodes the client's servers, at least one
   * @param weightOf each server's weight, from its {@code host:port}: positive and finite
   * @return the locator
   * @throws NullPointerException if an argument or a server is null
   * @throws IllegalArgumentException if a weight is not positive and finite, or two servers have
   *     the same {@code host:port}
   */
  public static PlacementNodeLocator weightedRendezvous(
      List<MemcachedNode> nodes, ToDoubleFunction<String> weightOf) {
    Objects.requireNonNull(weightOf, "weightOf");
    return new PlacementNodeLocator(nodes, servers -> KeyPlacement.weighted(servers, weightOf));
  }

  /**
   * Places keys by a lookup table of 65,537 rows filled in rendezvous order (as GitHub's load
   * balancer does): a key's row names its server and its backup; lookups read one row.
   *
   * @param nodes the client's servers, at least two
   * @return the locator
   * @throws NullPointerException if {@code nodes} or one of them is null
   * @throws IllegalArgumentException if there are fewer than two servers, or two have the same
   *     {@code host:port}
   */
  public static PlacementNodeLocator lookupTable(List<MemcachedNode> nodes) {
    return new PlacementNodeLocator(nodes, KeyPlacement::lookupTable);
  }

  /**
   * Places keys by jump consistent hashing over the servers in the order of the list: perfectly
   * even shares and no memory, but the list's order matters and only its last server can leave
   * without moving other servers' keys; a key fails over to servers drawn again from its hash.
   *
   * @param nodes the client's servers, at least one
   * @return the locator
   * @throws NullPointerException if {@code nodes} or one of them is null
   * @throws IllegalArgumentException if two servers have the same {@code host:port}
   */
  public static PlacementNodeLocator jump(List<MemcachedNode> nodes) {
    return new PlacementNodeLocator(nodes, KeyPlacement::jump);
  }

  /**
   * Places keys by Maglev's lookup table of 65,537 rows: shares even to within one row, one row
   * read per lookup; a change of servers moves a few keys between servers that stayed, and a key
   * fails over to the servers of the rows after its own, which the table filled again on a new
   * server list does not keep.
   *
   * @param nodes the client's servers, at least one
   * @return the locator
   * @throws NullPointerException if {@code nodes} or one of them is null
   * @throws IllegalArgumentException if two servers have the same {@code host:port}
   */
  public static PlacementNodeLocator maglev(List<MemcachedNode> nodes) {
    return new PlacementNodeLocator(nodes, KeyPlacement::maglev);
  }

  @Override
  public MemcachedNode getPrimary(String key) {
    return servers.placement().primary().apply(key);
  }

  /**
   * Returns every other server, in the order a key falls back to them while its primary is down:
   * for rendezvous and weighted rendezvous the key's ranking (each the owner once those before it
   * are removed); for the table the row's backup, then the key's rendezvous ranking; for jump
   * hashing the buckets of a sequence seeded with the key's hash; for Maglev's table the nodes of
   * the rows after the key's.
   */
  @Override
  public Iterator<MemcachedNode> getSequence(String key) {
    return servers.placement().failover().apply(key).iterator();
  }

  @Override
  public Collection<MemcachedNode> getAll() {
    return servers.nodes();
  }

  @Override
  public NodeLocator getReadonlyCopy() {
    List<MemcachedNode> copies = new ArrayList<>();
    for (MemcachedNode node : servers.nodes()) {
      copies.add(new MemcachedNodeROImpl(node));
    }
    return new PlacementNodeLocator(copies, scheme);
  }

  /** Places keys on a new server list from now on. */
  @Override
  public void updateLocator(List<MemcachedNode> nodes) {
    List<MemcachedNode> copy = List.copyOf(Objects.requireNonNull(nodes, "nodes"));
    servers = new Servers(copy, scheme.apply(copy));
  }
}
