/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RendezvousTest {
  private static final int KEYS = 100_000;

  /** Each count is Binomial(100000, 1/8). */
  @Test
  void eachNodeOwnsOneNth() {
    Rendezvous<String> placement = Rendezvous.ofNames(names(8));
    Map<String, Integer> counts = ownerCounts(placement);
    for (String node : placement.nodes()) {
      Binomial.assertCount(counts.getOrDefault(node, 0), KEYS, 1.0 / 8, node);
    }
  }

  @Test
  void ownerIsTheNodeOfHighestStandardWeight() {
    List<String> names = names(13);
    Rendezvous<String> placement = Rendezvous.ofNames(names);
    for (int k = 0; k < 2000; k++) {
      String key = "key-" + k;
      String best = null;
      long bestWeight = 0;
      for (String name : names) {
        long weight = Hash64.splitmix64(Hash64.fnv1a64(key) ^ Hash64.fnv1a64(name));
        if (best == null || Long.compareUnsigned(weight, bestWeight) > 0) {
          best = name;
          bestWeight = weight;
        }
      }
      assertEquals(best, placement.owner(key), key);
    }
  }

  /**
   * Over random node sets: removing a node changes the owner of exactly its keys, each moving to
   * its backup, and every key's ranking loses that node and is otherwise unchanged.
   */
  @Test
  void removingANodeMovesOnlyItsKeys() {
    qt().withFixedSeed(0x4E40E5L)
        .withExamples(100)
        .forAll(integers().between(2, 30), longs().all())
        .checkAssert(
            (size, seed) -> {
              SplittableRandom random = new SplittableRandom(seed);
              List<String> names = randomNames(size, random);
              Rendezvous<String> placement = Rendezvous.ofNames(names);
              String removed = names.get(random.nextInt(size));
              List<List<String>> before = new ArrayList<>();
              for (int k = 0; k < 300; k++) {
                before.add(placement.ranking("key-" + k, size));
              }
              assertTrue(placement.remove(removed));
              for (int k = 0; k < 300; k++) {
                List<String> expected = new ArrayList<>(before.get(k));
                expected.remove(removed);
                assertEquals(expected, placement.ranking("key-" + k, size - 1));
                String oldOwner = before.get(k).get(0);
                String newOwner = placement.owner("key-" + k);
                assertEquals(oldOwner.equals(removed) ? before.get(k).get(1) : oldOwner, newOwner);
              }
            });
  }

  /**
   * The m keys of a removed node, one of 8, spread over the other 7: each gets Binomial(m, 1/7).
   */
  @Test
  void aRemovedNodesKeysSpreadEvenly() {
    Rendezvous<String> placement = Rendezvous.ofNames(names(8));
    Map<String, Integer> before = ownersByKey(placement);
    placement.remove("node-3");
    Map<String, Integer> received = new HashMap<>();
    int moved = 0;
    for (int k = 0; k < KEYS; k++) {
      String key = "key-" + k;
      String owner = placement.owner(key);
      if (before.get(key) == 3) {
        moved++;
        received.merge(owner, 1, Integer::sum);
      } else {
        assertEquals("node-" + before.get(key), owner, key);
      }
    }
    for (String node : placement.nodes()) {
      Binomial.assertCount(received.getOrDefault(node, 0), moved, 1.0 / 7, node);
    }
  }

  /**
   * A 9th node takes Binomial(n, 1/9) keys in all, and Binomial(n, 1/72) from each of the 8 others;
   * no key moves between old nodes.
   */
  @Test
  void anAddedNodeTakesItsShareEvenlyFromEveryone() {
    Rendezvous<String> placement = Rendezvous.ofNames(names(8));
    Map<String, Integer> before = ownersByKey(placement);
    placement.add("node-8");
    int[] takenFrom = new int[8];
    int taken = 0;
    for (int k = 0; k < KEYS; k++) {
      String key = "key-" + k;
      String owner = placement.owner(key);
      if (!owner.equals("node-" + before.get(key))) {
        assertEquals("node-8", owner, key);
        taken++;
        takenFrom[before.get(key)]++;
      }
    }
    Binomial.assertCount(taken, KEYS, 1.0 / 9, "taken");
    for (int i = 0; i < 8; i++) {
      Binomial.assertCount(takenFrom[i], KEYS, 1.0 / 72, "taken from node-" + i);
    }
  }

  @Test
  void rankingStartsWithTheOwnerAndListsDistinctNodes() {
    Rendezvous<String> placement = Rendezvous.ofNames(names(10));
    for (int k = 0; k < 1000; k++) {
      String key = "key-" + k;
      List<String> ranking = placement.ranking(key, 10);
      assertEquals(placement.owner(key), ranking.get(0));
      assertEquals(Set.copyOf(placement.nodes()), Set.copyOf(ranking));
      assertEquals(ranking.subList(0, 3), placement.ranking(key, 3));
      assertEquals(List.of(), placement.ranking(key, 0));
    }
  }

  @Test
  void tiesGoToTheNodeAddedFirst() {
    PairHash constant = (key, node) -> 42;
    Rendezvous<String> placement = Rendezvous.of(List.of("b", "a", "c"), name -> name, constant);
    assertEquals("b", placement.owner("x"));
    assertEquals(List.of("b", "a", "c"), placement.ranking("x", 3));
    placement.remove("b");
    placement.add("b");
    assertEquals(List.of("a", "c", "b"), placement.ranking("x", 3));
  }

  /** A node type with a name of its own. */
  private record Server(String host, int port) {
    String id() {
      return host + ":" + port;
    }
  }

  @Test
  void nodesOfAnyTypeAreKnownByTheirNames() {
    List<Server> servers = List.of(new Server("a", 1), new Server("a", 2), new Server("b", 1));
    Rendezvous<Server> placement = Rendezvous.of(servers, Server::id);
    Rendezvous<String> byName = Rendezvous.ofNames(List.of("a:1", "a:2", "b:1"));
    for (int k = 0; k < 1000; k++) {
      assertEquals(byName.owner("key-" + k), placement.owner("key-" + k).id());
    }
    assertTrue(placement.remove(new Server("a", 2)));
    assertFalse(placement.remove(new Server("a", 2)));
    assertEquals(List.of(servers.get(0), servers.get(2)), placement.nodes());
    assertEquals(2, placement.size());
  }

  @Test
  void badInputGetsAClearException() {
    Rendezvous<String> empty = Rendezvous.ofNames(List.of());
    IllegalStateException noNodes =
        assertThrows(IllegalStateException.class, () -> empty.owner("k"));
    assertTrue(noNodes.getMessage().contains("no nodes"), noNodes.getMessage());

    IllegalArgumentException duplicate =
        assertThrows(
            IllegalArgumentException.class, () -> Rendezvous.ofNames(List.of("a", "b", "a")));
    assertTrue(duplicate.getMessage().contains("duplicate node name: a"), duplicate.getMessage());

    Rendezvous<String> two = Rendezvous.ofNames(List.of("a", "b"));
    assertThrows(IllegalArgumentException.class, () -> two.add("a"));
    IllegalArgumentException tooMany =
        assertThrows(IllegalArgumentException.class, () -> two.ranking("k", 3));
    assertTrue(tooMany.getMessage().contains("k must be"), tooMany.getMessage());
    assertThrows(IllegalArgumentException.class, () -> two.ranking("k", -1));

    NullPointerException nullName =
        assertThrows(
            NullPointerException.class, () -> Rendezvous.ofNames(Arrays.asList("a", null)));
    assertEquals("node", nullName.getMessage());
    NullPointerException nameless =
        assertThrows(NullPointerException.class, () -> Rendezvous.of(List.of(1), i -> null));
    assertEquals("name of node 1", nameless.getMessage());
    NullPointerException nullKey = assertThrows(NullPointerException.class, () -> two.owner(null));
    assertEquals("key", nullKey.getMessage());
    assertThrows(NullPointerException.class, () -> two.ranking(null, 1));
    assertThrows(NullPointerException.class, () -> Rendezvous.of(List.of("a"), null));
    assertThrows(NullPointerException.class, () -> Rendezvous.of(List.of("a"), s -> s, null));
  }

  static List<String> names(int count) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      names.add("node-" + i);
    }
    return names;
  }

  static List<String> randomNames(int count, SplittableRandom random) {
    Set<String> names = new LinkedHashSet<>();
    while (names.size() < count) {
      names.add("server-" + random.nextInt(1_000_000));
    }
    return new ArrayList<>(names);
  }

  private static Map<String, Integer> ownerCounts(Rendezvous<String> placement) {
    Map<String, Integer> counts = new HashMap<>();
    for (int k = 0; k < KEYS; k++) {
      counts.merge(placement.owner("key-" + k), 1, Integer::sum);
    }
    return counts;
  }

  /** Returns each key's owner's number, for nodes named node-i. */
  private static Map<String, Integer> ownersByKey(Rendezvous<String> placement) {
    Map<String, Integer> owners = new HashMap<>();
    for (int k = 0; k < KEYS; k++) {
      String key = "key-" + k;
      owners.put(key, Integer.parseInt(placement.owner(key).substring("node-".length())));
    }
    return owners;
  }
}
