/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.spymemcached;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import net.spy.memcached.MemcachedNode;

/**
 * The name a server is placed by: {@code host:port} as the client was given it (the host as
 * written, not resolved), so that every client given the same address list places every key alike.
 */
final class ServerName {
  private ServerName() {}

  static String of(MemcachedNode node) {
    SocketAddress address = node.getSocketAddress();
    return address instanceof InetSocketAddress inet
        ? inet.getHostString() + ":" + inet.getPort()
        : String.valueOf(address);
  }
}
