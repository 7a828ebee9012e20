/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.spymemcached;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.twochoice.place.LookupTable;
import io.github.twochoice.place.Rendezvous;
import io.github.twochoice.place.WeightedRendezvous;
import io.github.twochoice.place.WeightedScore;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import net.spy.memcached.DefaultConnectionFactory;
import net.spy.memcached.MemcachedClient;
import net.spy.memcached.MemcachedNode;
import net.spy.memcached.NodeLocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The locators inside a real spymemcached client against real memcached processes, checked through
 * memcached's own protocol: each key is on the server the placement names, a stopped server's keys
 * and only those move, each to its next server in the key's ranking, weights hold within the
 * binomial spread, and a new server takes about 1/(N + 1) of the keys where mod N moves most.
 *
 * <p>Without {@code memcached} the tests are skipped with the reason; with {@code
 * -Dmemcached.required=true} (as in CI) they fail with the command that installs it.
 */
@Tag("memcached")
class RealMemcachedTest {
  private static final int KEYS = 2000;
  private static final List<String> KEY_LIST = keys();

  private LocalMemcached servers;
  private final List<MemcachedClient> clients = new ArrayList<>();

  @BeforeAll
  static void needsMemcached() {
    String missing = LocalMemcached.skipReason("RealMemcachedTest");
    Assumptions.assumeTrue(missing == null, missing);
    LocalMemcached.quietClientLog();
  }

  @AfterEach
  void stop() {
    clients.forEach(MemcachedClient::shutdown);
    if (servers != null) {
      servers.close();
    }
  }

  private static List<String> keys() {
    List<String> keys = new ArrayList<>();
    for (int k = 0; k < KEYS; k++) {
      keys.add("/page/" + k);
    }
    return keys;
  }

  private MemcachedClient client(Function<List<MemcachedNode>, NodeLocator> locator)
      throws IOException, InterruptedException {
    return connected(new PlacementConnectionFactory(locator), servers.addresses());
  }

  /**
   * A client of the given servers, once it is connected to all of them: until then the client sends
   * a key whose server is not yet connected to the next one of its ranking.
   */
  private MemcachedClient connected(
      DefaultConnectionFactory factory, List<InetSocketAddress> addresses)
      throws IOException, InterruptedException {
    MemcachedClient client = new MemcachedClient(factory, addresses);
    clients.add(client);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!client.getNodeLocator().getAll().stream().allMatch(MemcachedNode::isActive)) {
      assertTrue(System.nanoTime() < deadline, "the client did not connect to every server");
      Thread.sleep(5);
    }
    return client;
  }

  /** Sets every key through the client and waits until every server confirmed. */
  private static void setAll(MemcachedClient client) throws Exception {
    List<Future<Boolean>> writes = new ArrayList<>();
    for (String key : KEY_LIST) {
      writes.add(client.set(key, 0, "value of " + key));
    }
    for (Future<Boolean> write : writes) {
      assertTrue(write.get(10, TimeUnit.SECONDS), "a set the server refused");
    }
  }

  /** The keys each server holds, read from the servers themselves. */
  private List<Set<String>> holdings() {
    List<Set<String>> held = new ArrayList<>();
    for (int i = 0; i < servers.size(); i++) {
      held.add(servers.holding(i, KEY_LIST));
    }
    return held;
  }

  /** The keys a placement gives to each server, by the server's name. */
  private List<Set<String>> expected(Function<String, String> owner) {
    List<Set<String>> expected = new ArrayList<>();
    for (int i = 0; i < servers.size(); i++) {
      expected.add(new HashSet<>());
    }
    for (String key : KEY_LIST) {
      expected.get(servers.names().indexOf(owner.apply(key))).add(key);
    }
    return expected;
  }

  /**
   * Reads a key of the stopped server until the client has seen the server go down: the client
   * notices a lost connection when it next uses it, and cancels what it had sent there.
   */
  private static void awaitDown(MemcachedClient client, String name, String key)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      for (MemcachedNode node : client.getNodeLocator().getAll()) {
        if (ServerName.of(node).equals(name) && !node.isActive()) {
          return;
        }
      }
      try {
        client.asyncGet(key).get(200, TimeUnit.MILLISECONDS);
      } catch (ExecutionException | TimeoutException | RuntimeException lost) {
        // The read went to the dead connection: what makes the client notice.
      }
    }
    fail("the client did not notice that " + name + " is down");
  }

  /** A count within four standard deviations of Binomial(n, p). */
  private static void assertBinomial(long count, int n, double p, String what) {
    double sd = Math.sqrt(n * p * (1 - p));
    assertEquals(n * p, (double) count, 4 * sd, what);
  }

  @Test
  void eachKeyIsOnTheServerRendezvousNamesAndEveryKeyIsReachable() throws Exception {
    servers = LocalMemcached.start(4);
    MemcachedClient client = client(PlacementNodeLocator::rendezvous);
    setAll(client);
    Rendezvous<String> rendezvous = Rendezvous.ofNames(servers.names());
    List<Set<String>> held = holdings();
    assertEquals(expected(rendezvous::owner), held);
    for (int i = 0; i < 4; i++) {
      assertBinomial(held.get(i).size(), KEYS, 0.25, servers.name(i));
    }
    Map<String, Object> values = client.getBulk(KEY_LIST);
    assertEquals(KEYS, values.size(), "every key read back through the client");
    assertEquals("value of /page/7", values.get("/page/7"));
  }

  @Test
  void aStoppedServersKeysAndOnlyThoseMoveEachToItsNextServer() throws Exception {
    servers = LocalMemcached.start(4);
    MemcachedClient client = client(PlacementNodeLocator::rendezvous);
    setAll(client);
    Rendezvous<String> rendezvous = Rendezvous.ofNames(servers.names());
    servers.stop(1);
    awaitDown(client, servers.name(1), expected(rendezvous::owner).get(1).iterator().next());
    int misses = 0;
    for (String key : KEY_LIST) {
      if (client.get(key) == null) {
        misses++;
        assertTrue(client.set(key, 0, "again " + key).get(10, TimeUnit.SECONDS));
      }
    }
    List<Set<String>> held = holdings();
    List<Set<String>> before = expected(rendezvous::owner);
    assertEquals(before.get(1).size(), misses, "the stopped server's keys, and only those, miss");
    List<Set<String>> after = expected(key -> rendezvous.ranking(key, 2).get(1));
    for (int i : new int[] {0, 2, 3}) {
      Set<String> expectedHere = new HashSet<>(before.get(i));
      for (String key : before.get(1)) {
        if (after.get(i).contains(key)) {
          expectedHere.add(key);
        }
      }
      assertEquals(expectedHere, held.get(i), servers.name(i) + ": its keys and its share of 1's");
    }

    servers.restart(1);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    String back = before.get(1).iterator().next();
    while (!servers.holding(1, List.of(back)).contains(back)) {
      assertTrue(
          System.nanoTime() < deadline, "the client never went back to the restarted server");
      client.set(back, 0, "back").get(10, TimeUnit.SECONDS);
      Thread.sleep(50);
    }
  }

  @Test
  void weightsAreHeldWithinTheBinomialSpread() throws Exception {
    servers = LocalMemcached.start(4);
    double[] weights = {1, 2, 3, 2};
    Function<String, Double> weightOf = name -> weights[servers.names().indexOf(name)];
    MemcachedClient client =
        client(nodes -> PlacementNodeLocator.weightedRendezvous(nodes, weightOf::apply));
    setAll(client);
    WeightedRendezvous<String> placement =
        WeightedRendezvous.create(name -> name, WeightedScore.LOGARITHMIC);
    for (int i = 0; i < 4; i++) {
      placement.add(servers.name(i), weights[i]);
    }
    assertEquals(expected(placement::owner), holdings());
    for (int i = 0; i < 4; i++) {
      assertBinomial(servers.stat(i, "curr_items"), KEYS, weights[i] / 8, servers.name(i));
    }
  }

  @Test
  void theLookupTableFailsOverToEachKeysBackup() throws Exception {
    servers = LocalMemcached.start(3);
    MemcachedClient client = client(PlacementNodeLocator::lookupTable);
    setAll(client);
    LookupTable<String> table = LookupTable.of(servers.names(), name -> name);
    assertEquals(expected(table::owner), holdings());
    servers.stop(2);
    awaitDown(client, servers.name(2), expected(table::owner).get(2).iterator().next());
    setAll(client);
    List<Set<String>> held = holdings();
    for (String key : expected(table::owner).get(2)) {
      int backup = servers.names().indexOf(table.backup(key));
      assertTrue(held.get(backup).contains(key), key + " on its backup " + table.backup(key));
    }
  }

  @Test
  void aNewServerTakesAboutOneInNPlusOneKeysWhereModNMovesMost() throws Exception {
    servers = LocalMemcached.start(5);
    int rendezvousMoved =
        movedByAFifthServer(new PlacementConnectionFactory(PlacementNodeLocator::rendezvous));
    assertBinomial(rendezvousMoved, KEYS, 1.0 / 5, "rendezvous: keys that miss after the join");
    int modNMoved = movedByAFifthServer(new DefaultConnectionFactory());
    assertTrue(modNMoved > 3 * rendezvousMoved, "mod N: " + modNMoved + " keys miss");
  }

  /**
   * Fills four servers through one client, then reads every key through a client of all five and
   * returns how many miss: the keys that moved.
   */
  private int movedByAFifthServer(DefaultConnectionFactory factory) throws Exception {
    for (int i = 0; i < servers.size(); i++) {
      servers.flush(i);
    }
    setAll(connected(factory, servers.addresses().subList(0, 4)));
    return KEYS - connected(factory, servers.addresses()).getBulk(KEY_LIST).size();
  }
}
