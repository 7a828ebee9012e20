/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.twochoice.cli.weblog.AccessLog;
import io.github.twochoice.cli.weblog.AccessLogReader;
import io.github.twochoice.spymemcached.LocalMemcached;
import java.util.ArrayList;
import java.util.List;
import net.spy.memcached.ConnectionFactory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The live experiment on real memcached servers: for every scheme, the real client on real servers
 * counts exactly what the simulation with the same locator counts, hit for hit. Skipped without
 * {@code memcached} unless {@code -Dmemcached.required=true}.
 */
@Tag("memcached")
class LiveExperimentTest {
  @BeforeAll
  static void needsMemcached() {
    String missing = LocalMemcached.skipReason("LiveExperimentTest");
    Assumptions.assumeTrue(missing == null, missing);
    LocalMemcached.quietClientLog();
  }

  @Test
  void theRealClusterCountsWhatItsSimulationCounts() throws Exception {
    AccessLog log = AccessLogReader.readBundled(null);
    List<String> keys = new ArrayList<>();
    int[] order = log.requestOrder();
    for (int r = 0; r < 6000; r++) {
      keys.add(log.urls().get(order[r]));
    }
    try (LocalMemcached local = LocalMemcached.start(6)) {
      for (LiveScheme scheme : LiveScheme.values()) {
        local.restartAll();
        ConnectionFactory factory = scheme.factory(local.names());
        Replay real;
        try (RealCache cache = new RealCache(local, 5, factory)) {
          real = Replay.run(cache, keys, 2);
        }
        Replay simulated =
            Replay.run(new SimulatedCache(local.addresses(), 5, factory::createLocator), keys, 2);
        assertEquals(simulated, real, scheme.label());
      }
    }
  }
}
