/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.cli.weblog.AccessLog;
import io.github.twochoice.cli.weblog.AccessLogReader;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The replay on the simulated cluster: what every scheme must show, without a server. */
class ReplayTest {
  private static final int SERVERS = 5;
  private static List<String> keys;
  private static List<InetSocketAddress> addresses;
  private static List<String> names;

  @BeforeAll
  static void readTheLog() throws IOException {
    AccessLog log = AccessLogReader.readBundled(null);
    keys = new ArrayList<>();
    for (int url : log.requestOrder()) {
      keys.add(log.urls().get(url));
    }
    addresses = new ArrayList<>();
    names = new ArrayList<>();
    InetAddress loopback = InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
    for (int i = 0; i <= SERVERS; i++) {
      addresses.add(new InetSocketAddress(loopback, 40_000 + i));
      names.add("127.0.0.1:" + (40_000 + i));
    }
  }

  private static Replay simulate(LiveScheme scheme) {
    return Replay.run(
        new SimulatedCache(addresses, SERVERS, scheme.factory(names)::createLocator),
        keys,
        SERVERS / 2);
  }

  @Test
  void beforeTheStopEverySchemeMissesOnlyFirstRequests() {
    int third = keys.size() / 3 + (keys.size() % 3 == 0 ? 0 : 1);
    int distinct = new HashSet<>(keys.subList(0, third)).size();
    for (LiveScheme scheme : LiveScheme.values()) {
      assertEquals(
          1 - (double) distinct / third, simulate(scheme).hitRatio(0), 1e-12, scheme.label());
    }
  }

  /** Within four standard deviations of a binomial fraction of about 700 keys asked again. */
  private static void assertShare(double expected, double measured, String what) {
    assertEquals(expected, measured, 4 * Math.sqrt(expected * (1 - expected) / 600), what);
  }

  @Test
  void aStopLosesTheStoppedServersShareAndRendezvousMovesOnlyTheNewServersShare() {
    Map<LiveScheme, Double> lost = new java.util.EnumMap<>(LiveScheme.class);
    for (LiveScheme scheme : LiveScheme.values()) {
      Replay replay = simulate(scheme);
      lost.put(scheme, replay.missedAfter(1));
      if (scheme == LiveScheme.RENDEZVOUS || scheme == LiveScheme.LOOKUP_TABLE) {
        assertShare(1.0 / SERVERS, replay.missedAfter(1), scheme.label() + " at the stop");
        assertShare(1.0 / SERVERS, replay.missedAfter(2), scheme.label() + " at the replacement");
      }
    }
    assertShare(1.0 / 7, lost.get(LiveScheme.WEIGHTED), "weight 1 of 1 + 2 + 1 + 2 + 1");
    assertTrue(
        simulate(LiveScheme.MOD_N).missedAfter(2)
            > 1.5 * simulate(LiveScheme.RENDEZVOUS).missedAfter(2),
        "mod N renumbers the servers when the list changes");
  }

  @Test
  void theStoppedServerHoldsNothingAndTheSpareOnlyWhatCameAfterIt() {
    long[] items = simulate(LiveScheme.RENDEZVOUS).items();
    assertEquals(0, items[SERVERS / 2]);
    assertTrue(items[SERVERS] > 0);
  }

  @Test
  void onlyKeysMemcachedTakesAreReplayed() {
    assertTrue(LiveExperiment.isMemcachedKey("/images/ksclogo-medium.gif"));
    assertFalse(LiveExperiment.isMemcachedKey("/a b"));
    assertFalse(LiveExperiment.isMemcachedKey(""));
    assertFalse(LiveExperiment.isMemcachedKey("/" + "x".repeat(250)));
    assertTrue(LiveExperiment.isMemcachedKey("x".repeat(250)));
    LiveExperiment live = new LiveExperiment(List.of("/ok", "/not ok"), new int[] {0, 1, 0}, 3);
    assertEquals(2, live.requests());
    assertEquals(1, live.skipped());
    assertEquals(1, live.stopped());
  }
}
