/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.live;

import io.github.twochoice.spymemcached.PlacementConnectionFactory;
import io.github.twochoice.spymemcached.PlacementNodeLocator;
import java.util.List;
import net.spy.memcached.ConnectionFactory;
import net.spy.memcached.DefaultConnectionFactory;
import net.spy.memcached.KetamaConnectionFactory;

/** The placements of the live experiment, each as the connection factory a client is built with. */
enum LiveScheme {
  /** spymemcached's default: String.hashCode() mod N, failing over to the next server. */
  MOD_N("mod N (spymemcached)"),
  /** spymemcached's ring: 160 MD5 points per server (KetamaConnectionFactory). */
  KETAMA("Ketama (spymemcached)"),
  /** Jump consistent hashing (Lamping and Veach 2014) over the list's order. */
  JUMP("jump hash"),
  /** Maglev's table of 65,537 rows (Eisenbud et al. 2016). */
  MAGLEV("Maglev's table"),
  /** Rendezvous hashing, failing over along each key's ranking. */
  RENDEZVOUS("rendezvous"),
  /** Weighted rendezvous, every second server of the list of weight 2. */
  WEIGHTED("weighted rendezvous 1:2"),
  /** The lookup table filled in rendezvous order, failing over to each row's backup. */
  LOOKUP_TABLE("lookup table");

  private final String label;

  LiveScheme(String label) {
    this.label = label;
  }

  String label() {
    return label;
  }

  /** The weight of a server in WEIGHTED: 1, 2, 1, 2, … along the experiment's server list. */
  static double weight(List<String> names, String name) {
    return 1 + names.indexOf(name) % 2;
  }

  /** The factory a client of this scheme is built with; {@code names} are all the servers'. */
  ConnectionFactory factory(List<String> names) {
    return switch (this) {
      case MOD_N -> new DefaultConnectionFactory();
      case KETAMA -> new KetamaConnectionFactory();
      case JUMP -> new PlacementConnectionFactory(PlacementNodeLocator::jump);
      case MAGLEV -> new PlacementConnectionFactory(PlacementNodeLocator::maglev);
      case RENDEZVOUS -> new PlacementConnectionFactory(PlacementNodeLocator::rendezvous);
      case WEIGHTED ->
          new PlacementConnectionFactory(
              nodes -> PlacementNodeLocator.weightedRendezvous(nodes, n -> weight(names, n)));
      case LOOKUP_TABLE -> new PlacementConnectionFactory(PlacementNodeLocator::lookupTable);
    };
  }
}
