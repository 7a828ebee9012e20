/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.live;

import io.github.twochoice.spymemcached.LocalMemcached;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.spy.memcached.ConnectionFactory;
import net.spy.memcached.MemcachedClient;
import net.spy.memcached.MemcachedNode;
import net.spy.memcached.NodeLocator;
import net.spy.memcached.OperationTimeoutException;

/**
 * The cluster for real: local memcached servers behind the spymemcached client, built with the
 * scheme's connection factory. Every operation waits for its answer, as a cache in front of a slow
 * store would.
 */
final class RealCache implements Cache {
  private static final long WAIT_SECONDS = 10;

  private final LocalMemcached servers;
  private final ConnectionFactory factory;
  private MemcachedClient client;
  private final long[] hitsAtStop;

  RealCache(LocalMemcached servers, int initial, ConnectionFactory factory) {
    this.servers = servers;
    this.factory = factory;
    this.hitsAtStop = new long[servers.size()];
    client = connected(servers.addresses().subList(0, initial));
  }

  /** A client of the servers, once connected to all: until then it routes keys elsewhere. */
  private MemcachedClient connected(List<InetSocketAddress> addresses) {
    MemcachedClient connecting;
    try {
      connecting = new MemcachedClient(factory, addresses);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Collection<MemcachedNode> nodes = connecting.getNodeLocator().getAll();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
    while (!nodes.stream().allMatch(MemcachedNode::isActive)) {
      if (System.nanoTime() > deadline) {
        connecting.shutdown();
        throw new IllegalStateException("the client did not connect to " + addresses);
      }
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        connecting.shutdown();
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
    return connecting;
  }

  /**
   * Reads a key. A read the client sent to the stopped server (its locator named no running one:
   * spymemcached's Ketama tries only seven servers) times out, and counts as the miss it is to a
   * cache, as in the simulation.
   */
  @Override
  public boolean get(String key) {
    try {
      return client.get(key) != null;
    } catch (OperationTimeoutException unanswered) {
      return false;
    }
  }

  /**
   * Stores a key; one the client sent to the stopped server is not stored, as in the simulation.
   */
  @Override
  public void set(String key) {
    try {
      client.set(key, 0, "1").get(WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException | CancellationException unanswered) {
      // Sent to the stopped server: nothing is stored.
    } catch (ExecutionException e) {
      throw new IllegalStateException("set " + key + " failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /**
   * Stops server i and waits until the client has seen it down: the client notices a lost
   * connection on its next use, so it reads a key of that server until then.
   */
  @Override
  public void stop(int i) {
    InetSocketAddress address = servers.addresses().get(i);
    NodeLocator locator = client.getNodeLocator();
    String probe = keyOn(locator, address);
    hitsAtStop[i] = servers.stat(i, "get_hits");
    try {
      servers.stop(i);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
      while (locator.getAll().stream()
          .anyMatch(n -> n.isActive() && n.getSocketAddress().equals(address))) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("the client did not notice that " + address + " is down");
        }
        try {
          client.asyncGet(probe).get(100, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException | RuntimeException lost) {
          // The read that went to the dead connection: what makes the client notice.
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A key whose primary is the server at {@code address}. */
  private static String keyOn(NodeLocator locator, InetSocketAddress address) {
    for (int j = 0; ; j++) {
      String key = "probe-" + j;
      if (locator.getPrimary(key).getSocketAddress().equals(address)) {
        return key;
      }
    }
  }

  @Override
  public void replace(int stopped) {
    List<InetSocketAddress> list = new ArrayList<>(servers.addresses());
    list.remove(stopped);
    client.shutdown();
    client = connected(list);
  }

  @Override
  public long[] items() {
    long[] items = new long[servers.size()];
    for (int i = 0; i < items.length; i++) {
      items[i] = servers.running(i) ? servers.stat(i, "curr_items") : 0;
    }
    return items;
  }

  /** memcached's own get_hits: servers start empty for each scheme, so they count its gets. */
  @Override
  public long[] hits() {
    long[] hits = new long[servers.size()];
    for (int i = 0; i < hits.length; i++) {
      hits[i] = servers.running(i) ? servers.stat(i, "get_hits") : hitsAtStop[i];
    }
    return hits;
  }

  @Override
  public void close() {
    client.shutdown();
  }
}
