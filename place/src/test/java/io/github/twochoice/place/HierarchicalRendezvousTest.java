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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class HierarchicalRendezvousTest {
  @Test
  void upToFanoutNodesItIsFlatRendezvous() {
    List<String> names = RendezvousTest.names(10);
    HierarchicalRendezvous<String> tree = HierarchicalRendezvous.of(names, Function.identity(), 16);
    Rendezvous<String> flat = Rendezvous.ofNames(names);
    for (int k = 0; k < 5000; k++) {
      assertEquals(flat.owner("key-" + k), tree.owner("key-" + k));
    }
  }

  /**
   * 50 nodes with fanout 4 make 13 groups (the last of 2 nodes), 4 groups of groups (the last with
   * 1 group) and the root: each node still owns 1/50 of the keys, each count Binomial(100000,
   * 1/50).
   */
  @Test
  void eachNodeOwnsOneNthWhateverTheGroupSizes() {
    HierarchicalRendezvous<String> tree =
        HierarchicalRendezvous.of(RendezvousTest.names(50), Function.identity(), 4);
    int keys = 100_000;
    Map<String, Integer> counts = new HashMap<>();
    for (int k = 0; k < keys; k++) {
      counts.merge(tree.owner("key-" + k), 1, Integer::sum);
    }
    for (String node : tree.nodes()) {
      Binomial.assertCount(counts.getOrDefault(node, 0), keys, 1.0 / 50, node);
    }
  }

  /**
   * Over random sizes and fanouts, nodes removed one by one in random order: each removal changes
   * the owner of exactly the removed node's keys, and each of them moves to a node of the smallest
   * group around the removed node that still has one. Node i belongs to group i / f^l of level l.
   */
  @Test
  void removingANodeMovesOnlyItsKeysWithinItsGroup() {
    qt().withFixedSeed(0x41E4L)
        .withExamples(60)
        .forAll(integers().between(1, 60), integers().between(2, 6), longs().all())
        .checkAssert(
            (size, fanout, seed) -> {
              SplittableRandom random = new SplittableRandom(seed);
              List<String> names = RendezvousTest.randomNames(size, random);
              HierarchicalRendezvous<String> tree =
                  HierarchicalRendezvous.of(names, Function.identity(), fanout);
              List<Integer> live = new ArrayList<>();
              for (int i = 0; i < size; i++) {
                live.add(i);
              }
              while (live.size() > 1) {
                List<String> before = owners(tree);
                int victim = live.remove(random.nextInt(live.size()));
                assertTrue(tree.remove(names.get(victim)));
                long group = fanout;
                while (!sameGroup(live, victim, group)) {
                  group *= fanout;
                }
                List<String> after = owners(tree);
                for (int k = 0; k < after.size(); k++) {
                  if (before.get(k).equals(names.get(victim))) {
                    assertEquals(victim / group, names.indexOf(after.get(k)) / group);
                  } else {
                    assertEquals(before.get(k), after.get(k));
                  }
                }
              }
            });
  }

  /** Returns whether a live node shares the group of the given size with the victim. */
  private static boolean sameGroup(List<Integer> live, int victim, long groupSize) {
    return live.stream().anyMatch(i -> i / groupSize == victim / groupSize);
  }

  private static List<String> owners(HierarchicalRendezvous<String> tree) {
    List<String> owners = new ArrayList<>();
    for (int k = 0; k < 200; k++) {
      owners.add(tree.owner("key-" + k));
    }
    return owners;
  }

  @Test
  void removedNodesAreGone() {
    HierarchicalRendezvous<String> tree =
        HierarchicalRendezvous.of(List.of("a", "b", "c"), Function.identity(), 2);
    assertTrue(tree.remove("b"));
    assertFalse(tree.remove("b"));
    assertFalse(tree.remove("x"));
    assertEquals(List.of("a", "c"), tree.nodes());
    assertEquals(2, tree.size());
    tree.remove("a");
    assertEquals("c", tree.owner("k"));
    tree.remove("c");
    IllegalStateException empty = assertThrows(IllegalStateException.class, () -> tree.owner("k"));
    assertTrue(empty.getMessage().contains("no nodes left"), empty.getMessage());
  }

  @Test
  void badInputGetsAClearException() {
    IllegalArgumentException fanout =
        assertThrows(
            IllegalArgumentException.class,
            () -> HierarchicalRendezvous.of(List.of("a"), Function.identity(), 1));
    assertEquals("fanout must be at least 2: 1", fanout.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> HierarchicalRendezvous.of(List.of(), Function.identity(), 2));
    assertThrows(
        IllegalArgumentException.class,
        () -> HierarchicalRendezvous.of(List.of("a", "a"), Function.identity(), 2));
  }
}
