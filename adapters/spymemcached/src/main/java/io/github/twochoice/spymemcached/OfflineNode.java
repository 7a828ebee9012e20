/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.spymemcached;

import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.util.Objects;
import net.spy.memcached.MemcachedNode;

/**
 * A server for asking a {@link net.spy.memcached.NodeLocator} where keys would go without a client
 * or a connection: a node that has only its address, which is all a locator reads (spymemcached's
 * own and {@link PlacementNodeLocator} alike). Every other method of the node throws {@link
 * UnsupportedOperationException}; nodes are equal only to themselves.
 */
public final class OfflineNode {
  private OfflineNode() {}

  /**
   * Returns a node with an address and nothing else.
   *
   * @param address the server's address
   * @return the node
   * @throws NullPointerException if {@code address} is null
   */
  public static MemcachedNode at(InetSocketAddress address) {
    Objects.requireNonNull(address, "address");
    return (MemcachedNode)
        Proxy.newProxyInstance(
            MemcachedNode.class.getClassLoader(),
            new Class<?>[] {MemcachedNode.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "getSocketAddress" -> address;
                  case "toString" -> address.toString();
                  case "hashCode" -> System.identityHashCode(proxy);
                  case "equals" -> proxy == args[0];
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }
}
