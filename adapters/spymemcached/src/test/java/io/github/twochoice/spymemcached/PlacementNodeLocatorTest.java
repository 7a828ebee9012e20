/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.spymemcached;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.twochoice.place.LookupTable;
import io.github.twochoice.place.Rendezvous;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.spy.memcached.MemcachedNode;
import net.spy.memcached.MemcachedNodeROImpl;
import net.spy.memcached.NodeLocator;
import org.junit.jupiter.api.Test;

/** The locator without servers: what it answers for each key, copies and new server lists. */
class PlacementNodeLocatorTest {
  private static MemcachedNode node(String host, int port) {
    return OfflineNode.at(InetSocketAddress.createUnresolved(host, port));
  }

  private static List<MemcachedNode> nodes(int count) {
    List<MemcachedNode> nodes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      nodes.add(node("cache-" + i, 11211));
    }
    return nodes;
  }

  private static List<MemcachedNode> sequence(NodeLocator locator, String key) {
    List<MemcachedNode> sequence = new ArrayList<>();
    locator.getSequence(key).forEachRemaining(sequence::add);
    return sequence;
  }

  @Test
  void aKeysPrimaryAndFailoverAreItsRendezvousRanking() {
    List<MemcachedNode> nodes = nodes(5);
    PlacementNodeLocator locator = PlacementNodeLocator.rendezvous(nodes);
    Rendezvous<MemcachedNode> rendezvous = Rendezvous.of(nodes, ServerName::of);
    for (int k = 0; k < 200; k++) {
      String key = "key-" + k;
      List<MemcachedNode> ranking = rendezvous.ranking(key, 5);
      assertEquals(ranking.get(0), locator.getPrimary(key), key);
      assertEquals(ranking.subList(1, 5), sequence(locator, key), key);
    }
    assertEquals(nodes, List.copyOf(locator.getAll()));
  }

  @Test
  void theTableFailsOverToTheRowsBackupThenAlongTheKeysRanking() {
    List<MemcachedNode> nodes = nodes(4);
    PlacementNodeLocator locator = PlacementNodeLocator.lookupTable(nodes);
    LookupTable<MemcachedNode> table = LookupTable.of(nodes, ServerName::of);
    Rendezvous<MemcachedNode> rendezvous = Rendezvous.of(nodes, ServerName::of);
    for (int k = 0; k < 200; k++) {
      String key = "key-" + k;
      assertEquals(table.owner(key), locator.getPrimary(key));
      List<MemcachedNode> sequence = sequence(locator, key);
      assertEquals(table.backup(key), sequence.get(0));
      List<MemcachedNode> rest = new ArrayList<>(rendezvous.ranking(key, 4));
      rest.remove(table.owner(key));
      rest.remove(table.backup(key));
      assertEquals(rest, sequence.subList(1, 3), "then every other server, in rendezvous order");
    }
  }

  /** Whatever the scheme, the sequence names every other server once. */
  @Test
  void everySchemesSequenceNamesEveryOtherServerOnce() {
    List<MemcachedNode> nodes = nodes(6);
    List<PlacementNodeLocator> locators =
        List.of(
            PlacementNodeLocator.rendezvous(nodes),
            PlacementNodeLocator.weightedRendezvous(nodes, name -> 1 + (name.charAt(6) - '0') % 3),
            PlacementNodeLocator.lookupTable(nodes),
            PlacementNodeLocator.jump(nodes),
            PlacementNodeLocator.maglev(nodes));
    for (PlacementNodeLocator locator : locators) {
      for (int k = 0; k < 200; k++) {
        String key = "key-" + k;
        List<MemcachedNode> all = new ArrayList<>(sequence(locator, key));
        all.add(locator.getPrimary(key));
        assertEquals(6, all.size(), key);
        assertEquals(Set.copyOf(nodes), Set.copyOf(all), key);
      }
    }
  }

  /** Rendezvous and weighted rendezvous fail over to the owner the key has without its server. */
  @Test
  void theNextServerOfTheSequenceOwnsTheKeyOnceThePrimaryIsRemoved() {
    List<MemcachedNode> nodes = nodes(5);
    for (boolean weighted : new boolean[] {false, true}) {
      PlacementNodeLocator all =
          weighted
              ? PlacementNodeLocator.weightedRendezvous(
                  nodes, name -> 1 + (name.charAt(6) - '0') % 2)
              : PlacementNodeLocator.rendezvous(nodes);
      for (int k = 0; k < 300; k++) {
        String key = "key-" + k;
        List<MemcachedNode> without = new ArrayList<>(nodes);
        without.remove(all.getPrimary(key));
        PlacementNodeLocator rest =
            weighted
                ? PlacementNodeLocator.weightedRendezvous(
                    without, name -> 1 + (name.charAt(6) - '0') % 2)
                : PlacementNodeLocator.rendezvous(without);
        assertEquals(rest.getPrimary(key), all.getSequence(key).next(), key);
      }
    }
  }

  @Test
  void aReadOnlyCopyPlacesAlikeOnReadOnlyNodes() {
    PlacementNodeLocator locator =
        PlacementNodeLocator.weightedRendezvous(
            nodes(4), name -> name.startsWith("cache-1") ? 3 : 1);
    NodeLocator copy = locator.getReadonlyCopy();
    for (MemcachedNode node : copy.getAll()) {
      assertInstanceOf(MemcachedNodeROImpl.class, node);
    }
    for (int k = 0; k < 200; k++) {
      String key = "key-" + k;
      assertEquals(
          ServerName.of(locator.getPrimary(key)), ServerName.of(copy.getPrimary(key)), key);
    }
  }

  @Test
  void aNewServerListMovesKeysOnlyToTheNewServer() {
    List<MemcachedNode> nodes = nodes(4);
    PlacementNodeLocator locator = PlacementNodeLocator.rendezvous(nodes);
    List<MemcachedNode> before = new ArrayList<>();
    for (int k = 0; k < 1000; k++) {
      before.add(locator.getPrimary("key-" + k));
    }
    MemcachedNode added = node("cache-4", 11211);
    List<MemcachedNode> more = new ArrayList<>(nodes);
    more.add(added);
    locator.updateLocator(more);
    int moved = 0;
    for (int k = 0; k < 1000; k++) {
      MemcachedNode now = locator.getPrimary("key-" + k);
      if (now != before.get(k)) {
        assertEquals(added, now, "a key moves only to the new server");
        moved++;
      }
    }
    assertEquals(200, moved, 4 * Math.sqrt(1000 * 0.2 * 0.8), "about 1/(N + 1) of the keys");
  }

  @Test
  void anOfflineNodeHasOnlyItsAddress() {
    MemcachedNode node = node("cache", 11211);
    assertEquals(InetSocketAddress.createUnresolved("cache", 11211), node.getSocketAddress());
    assertEquals(node, node);
    assertEquals(false, node.equals(node("cache", 11211)));
    assertThrows(UnsupportedOperationException.class, node::isActive);
    assertThrows(NullPointerException.class, () -> OfflineNode.at(null));
  }

  @Test
  void badServerListsAreRefusedWithTheirReason() {
    List<MemcachedNode> twins = List.of(node("cache", 1), node("cache", 1));
    IllegalArgumentException twice =
        assertThrows(IllegalArgumentException.class, () -> PlacementNodeLocator.rendezvous(twins));
    assertEquals(true, twice.getMessage().contains("cache:1"), twice.getMessage());
    assertThrows(IllegalArgumentException.class, () -> PlacementNodeLocator.lookupTable(nodes(1)));
    assertThrows(
        IllegalArgumentException.class,
        () -> PlacementNodeLocator.weightedRendezvous(nodes(2), name -> -1));
    assertThrows(NullPointerException.class, () -> PlacementNodeLocator.rendezvous(null));
    NullPointerException weights =
        assertThrows(
            NullPointerException.class,
            () -> PlacementNodeLocator.weightedRendezvous(nodes(2), null));
    assertEquals("weightOf", weights.getMessage());
  }
}
