/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.live;

import io.github.twochoice.spymemcached.OfflineNode;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import net.spy.memcached.MemcachedNode;
import net.spy.memcached.NodeLocator;

/**
 * The cluster simulated: each server a set of keys, the client's routing that of spymemcached in
 * its default failure mode (a key's primary if it is up, else the first server of the locator's
 * sequence that is up), with the very locator the real client builds, on nodes that have only the
 * real servers' addresses.
 */
final class SimulatedCache implements Cache {
  private final List<InetSocketAddress> addresses;
  private final Function<List<MemcachedNode>, NodeLocator> locatorOf;
  private final Map<InetSocketAddress, Set<String>> contents = new HashMap<>();
  private final Set<InetSocketAddress> down = new HashSet<>();
  private final Map<InetSocketAddress, Long> hits = new HashMap<>();
  private NodeLocator locator;

  SimulatedCache(
      List<InetSocketAddress> addresses,
      int initial,
      Function<List<MemcachedNode>, NodeLocator> locatorOf) {
    this.addresses = addresses;
    this.locatorOf = locatorOf;
    for (InetSocketAddress address : addresses) {
      contents.put(address, new HashSet<>());
    }
    locator = locatorOf.apply(nodes(addresses.subList(0, initial)));
  }

  private static List<MemcachedNode> nodes(List<InetSocketAddress> addresses) {
    List<MemcachedNode> nodes = new ArrayList<>();
    for (InetSocketAddress address : addresses) {
      nodes.add(OfflineNode.at(address));
    }
    return nodes;
  }

  /** The server a key's request goes to, as the client routes it. */
  private InetSocketAddress route(String key) {
    MemcachedNode primary = locator.getPrimary(key);
    if (!down.contains(address(primary))) {
      return address(primary);
    }
    for (Iterator<MemcachedNode> next = locator.getSequence(key); next.hasNext(); ) {
      InetSocketAddress candidate = address(next.next());
      if (!down.contains(candidate)) {
        return candidate;
      }
    }
    return address(primary);
  }

  private static InetSocketAddress address(MemcachedNode node) {
    return (InetSocketAddress) node.getSocketAddress();
  }

  @Override
  public boolean get(String key) {
    InetSocketAddress server = route(key);
    boolean hit = contents.get(server).contains(key);
    if (hit) {
      hits.merge(server, 1L, Long::sum);
    }
    return hit;
  }

  @Override
  public void set(String key) {
    InetSocketAddress server = route(key);
    if (!down.contains(server)) {
      contents.get(server).add(key);
    }
  }

  @Override
  public void stop(int i) {
    down.add(addresses.get(i));
    contents.get(addresses.get(i)).clear();
  }

  @Override
  public void replace(int stopped) {
    List<InetSocketAddress> list = new ArrayList<>(addresses);
    list.remove(stopped);
    locator = locatorOf.apply(nodes(list));
  }

  @Override
  public long[] items() {
    long[] items = new long[addresses.size()];
    for (int i = 0; i < items.length; i++) {
      items[i] = contents.get(addresses.get(i)).size();
    }
    return items;
  }

  @Override
  public long[] hits() {
    long[] counts = new long[addresses.size()];
    for (int i = 0; i < counts.length; i++) {
      counts[i] = hits.getOrDefault(addresses.get(i), 0L);
    }
    return counts;
  }

  @Override
  public void close() {}
}
