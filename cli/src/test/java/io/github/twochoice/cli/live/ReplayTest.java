/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.cli.weblog.AccessLog;
import io.github.twochoice.cli.weblog.AccessLogReader;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
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

  /** Within four standard deviations of a binomial fraction of the keys asked again. */
  private static void assertShare(double expected, Replay replay, int event, String what) {
    double sd = Math.sqrt(expected * (1 - expected) / replay.askedAfter(event));
    assertEquals(expected, replay.missedAfter(event), 4 * sd, what);
  }

  @Test
  void aStopLosesTheStoppedServersShareAndRendezvousMovesOnlyTheNewServersShare() {
    for (LiveScheme scheme : LiveScheme.values()) {
      Replay replay = simulate(scheme);
      if (scheme == LiveScheme.RENDEZVOUS || scheme == LiveScheme.LOOKUP_TABLE) {
        assertShare(1.0 / SERVERS, replay, 1, scheme.label() + " at the stop");
        assertShare(1.0 / SERVERS, replay, 2, scheme.label() + " at the replacement");
      }
      if (scheme == LiveScheme.WEIGHTED) {
        assertShare(1.0 / 7, replay, 1, "weight 1 of 1 + 2 + 1 + 2 + 1");
        assertShare(2.0 / 8, replay, 2, "the spare's weight 2 of 1 + 2 + 2 + 1 + 2");
      }
    }
    assertTrue(
        simulate(LiveScheme.MOD_N).missedAfter(2)
            > 1.5 * simulate(LiveScheme.RENDEZVOUS).missedAfter(2),
        "mod N renumbers the servers when the list changes");
  }

  @Test
  void theStoppedServerHoldsNothingAndTheSpareOnlyWhatCameAfterIt() {
    long[] items = simulate(LiveScheme.RENDEZVOUS).items();
    assertEquals(0, items[SERVERS / 2]);
    int start = (2 * keys.size() + 2) / 3;
    long lastPhase = new HashSet<>(keys.subList(start, keys.size())).size();
    assertTrue(
        items[SERVERS] > 0 && items[SERVERS] <= lastPhase, items[SERVERS] + " of " + lastPhase);
  }

  @Test
  void onlyKeysMemcachedTakesAreReplayed() {
    assertTrue(LiveExperiment.isMemcachedKey("/images/ksclogo-medium.gif"));
    assertFalse(LiveExperiment.isMemcachedKey("/a b"));
    assertFalse(LiveExperiment.isMemcachedKey(""));
    assertFalse(LiveExperiment.isMemcachedKey("/" + "x".repeat(250)));
    assertTrue(LiveExperiment.isMemcachedKey("x".repeat(250)));
    int[] order = new int[LiveExperiment.MIN_REQUESTS + 1];
    order[7] = 1;
    LiveExperiment live = new LiveExperiment(List.of("/ok", "/not ok"), order, 3);
    assertEquals(LiveExperiment.MIN_REQUESTS, live.requests());
    assertEquals(1, live.skipped());
    assertEquals(1, live.stopped());
    order[8] = 1;
    IllegalArgumentException few =
        assertThrows(
            IllegalArgumentException.class,
            () -> new LiveExperiment(List.of("/ok", "/not ok"), order, 3));
    assertTrue(
        few.getMessage().startsWith("the log must have at least 60 requests"), few.getMessage());
  }
}
