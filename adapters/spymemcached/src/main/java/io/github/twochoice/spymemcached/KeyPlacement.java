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
import java.util.List;
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
    return new KeyPlacement(placement::owner, key -> placement.ranking(key, size).subList(1, size));
  }

  /** Weighted rendezvous hashing (logarithmic scores): shares in proportion to the weights. */
  static KeyPlacement weighted(List<MemcachedNode> servers, ToDoubleFunction<String> weightOf) {
    WeightedRendezvous<MemcachedNode> placement =
        WeightedRendezvous.create(ServerName::of, WeightedScore.LOGARITHMIC);
    for (MemcachedNode server : servers) {
      placement.add(server, weightOf.applyAsDouble(ServerName.of(server)));
    }
    int size = servers.size();
    return new KeyPlacement(placement::owner, key -> placement.ranking(key, size).subList(1, size));
  }

  /** Jump hashing over the servers in list order; failover along the key hashed again. */
  static KeyPlacement jump(List<MemcachedNode> servers) {
    JumpHash<MemcachedNode> placement = JumpHash.of(servers, ServerName::of);
    int size = servers.size();
    return new KeyPlacement(placement::owner, key -> placement.ranking(key, size).subList(1, size));
  }

  /** Maglev's table; failover along the rows after the key's. */
  static KeyPlacement maglev(List<MemcachedNode> servers) {
    MaglevTable<MemcachedNode> table = MaglevTable.of(servers, ServerName::of);
    int size = servers.size();
    return new KeyPlacement(table::owner, key -> table.ranking(key, size).subList(1, size));
  }

  /** The lookup table: a key's row names its primary and its backup, the rendezvous second. */
  static KeyPlacement lookupTable(List<MemcachedNode> servers) {
    LookupTable<MemcachedNode> table = LookupTable.of(servers, ServerName::of);
    return new KeyPlacement(table::owner, key -> List.of(table.backup(key)));
  }
}
