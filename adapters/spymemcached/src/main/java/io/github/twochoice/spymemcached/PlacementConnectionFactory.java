/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.spymemcached;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import net.spy.memcached.DefaultConnectionFactory;
import net.spy.memcached.MemcachedNode;
import net.spy.memcached.NodeLocator;

/**
 * spymemcached's default connection factory (text protocol, {@code FailureMode.Redistribute}) with
 * a {@link PlacementNodeLocator}:
 *
 * <pre>{@code
 * MemcachedClient client = new MemcachedClient(
 *     new PlacementConnectionFactory(PlacementNodeLocator::rendezvous),
 *     AddrUtil.getAddresses("cache-1:11211 cache-2:11211 cache-3:11211"));
 * }</pre>
 *
 * <p>For the binary protocol or other settings, override {@code createLocator} the same way in a
 * subclass of the factory you use.
 */
public final class PlacementConnectionFactory extends DefaultConnectionFactory {
  private final Function<List<MemcachedNode>, ? extends NodeLocator> locator;

  /**
   * Creates the factory.
   *
   * @param locator builds the locator from the client's servers, for example {@code
   *     PlacementNodeLocator::rendezvous}
   * @throws NullPointerException if {@code locator} is null
   */
  public PlacementConnectionFactory(Function<List<MemcachedNode>, ? extends NodeLocator> locator) {
    this.locator = Objects.requireNonNull(locator, "locator");
  }

  @Override
  public NodeLocator createLocator(List<MemcachedNode> nodes) {
    return locator.apply(nodes);
  }
}
