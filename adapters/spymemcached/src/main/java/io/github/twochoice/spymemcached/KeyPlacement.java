/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.spymemcached;

import io.github.twochoice.place.JumpHash;
import io.github.twochoice.place.LookupTable;
import io.github.twochoice.place.MaglevTable;
import io.github.twochoice.place.Rendezvous;
import io.github.twochoice.place.WeightedRendezvous;
import io.github.twochoice.place.WeightedScore;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import net.spy.memcached.MemcachedNode;

/**
 * Where a key goes among a fixed list of servers: its primary, and the servers it falls back to, in
 * order, while the primary is down. Built once per server list and never changed, so lookups from
 * any thread need no lock.
 *
 * @param primary a key's server
 * @param failover the servers after the primary, in the order a key falls back to them
 */
record KeyPlacement(
    Function<String, MemcachedNode> primary, Function<String, List<MemcachedNode>> failover) {

  /** Rendezvous hashing: a key's servers in the order of their pair weights. */
  static KeyPlacement rendezvous(List<MemcachedNode> servers) {
    Rendezvous<MemcachedNode> placement = Rendezvous.of(servers, ServerName::of);
    int size = servers.size();
    return ranked(placement::owner, placement::ranking, size);
  }

  /** Weighted rendezvous hashing (logarithmic scores): shares in proportion to the weights. */
  static KeyPlacement weighted(List<MemcachedNode> servers, ToDoubleFunction<String> weightOf) {
    WeightedRendezvous<MemcachedNode> placement =
        WeightedRendezvous.create(ServerName::of, WeightedScore.LOGARITHMIC);
    for (MemcachedNode server : servers) {
      placement.add(server, weightOf.applyAsDouble(ServerName.of(server)));
    }
    int size = servers.size();
    return ranked(placement::owner, placement::ranking, size);
  }

  /** Jump hashing over the servers in list order; failover along the key hashed again. */
  static KeyPlacement jump(List<MemcachedNode> servers) {
    JumpHash<MemcachedNode> placement = JumpHash.of(servers, ServerName::of);
    int size = servers.size();
    return ranked(placement::owner, placement::ranking, size);
  }

  /** Maglev's table; failover along the rows after the key's. */
  static KeyPlacement maglev(List<MemcachedNode> servers) {
    MaglevTable<MemcachedNode> table = MaglevTable.of(servers, ServerName::of);
    int size = servers.size();
    return ranked(table::owner, table::ranking, size);
  }

  /**
   * The lookup table: a key's row names its primary and its backup (the rendezvous second of the
   * row); after the backup, the key falls back to the other servers in its own rendezvous order.
   */
  static KeyPlacement lookupTable(List<MemcachedNode> servers) {
    LookupTable<MemcachedNode> table = LookupTable.of(servers, ServerName::of);
    Rendezvous<MemcachedNode> rest = Rendezvous.of(servers, ServerName::of);
    int size = servers.size();
    return new KeyPlacement(
        table::owner,
        key -> {
          MemcachedNode owner = table.owner(key);
          MemcachedNode backup = table.backup(key);
          List<MemcachedNode> failover = new ArrayList<>(size - 1);
          failover.add(backup);
          for (MemcachedNode server : rest.ranking(key, size)) {
            if (server != owner && server != backup) {
              failover.add(server);
            }
          }
          return failover;
        });
  }

  /** A placement whose failover is its ranking after the primary. */
  private static KeyPlacement ranked(
      Function<String, MemcachedNode> owner,
      BiFunction<String, Integer, List<MemcachedNode>> ranking,
      int size) {
    return new KeyPlacement(owner, key -> ranking.apply(key, size).subList(1, size));
  }
}
