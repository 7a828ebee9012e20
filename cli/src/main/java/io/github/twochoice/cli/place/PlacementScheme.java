/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import io.github.twochoice.place.HashRing;
import io.github.twochoice.place.HierarchicalRendezvous;
import io.github.twochoice.place.LookupTable;
import io.github.twochoice.place.ModN;
import io.github.twochoice.place.Rendezvous;
import io.github.twochoice.place.TwoChoiceRing;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The placement schemes the {@code place} command compares, each able to place keys on a set of
 * named nodes, after one of them fails, and after a new one joins. A scheme whose library class can
 * remove or add a node ({@link Rendezvous}, {@link LookupTable}, and {@link HierarchicalRendezvous}
 * for removal) does so; the others are built again on the new set of nodes, which is all they can
 * do. Placing k keys costs k lookups of the scheme's class (see each class for its cost), plus the
 * construction of its table or ring.
 */
public enum PlacementScheme {
  /** Key hash mod the number of nodes. */
  MOD_N("mod N") {
    @Override
    public Placement place(List<String> nodes) {
      return each(ModN.of(nodes, NAME)::owner);
    }
  },

  /** The consistent-hashing ring with one token per node. */
  RING_1("ring (1 token)") {
    @Override
    public Placement place(List<String> nodes) {
      return each(HashRing.of(nodes, NAME, 1)::owner);
    }
  },

  /** The consistent-hashing ring with 100 tokens per node. */
  RING_100("ring (" + PlacementScheme.RING_TOKENS + " tokens)") {
    @Override
    public Placement place(List<String> nodes) {
      return each(HashRing.of(nodes, NAME, RING_TOKENS)::owner);
    }
  },

  /** Rendezvous hashing: the node of highest weight. */
  RENDEZVOUS("rendezvous") {
    @Override
    public Placement place(List<String> nodes) {
      return each(Rendezvous.ofNames(nodes)::owner);
    }

    @Override
    public Placement placeWithout(List<String> nodes, String failed) {
      Rendezvous<String> rendezvous = Rendezvous.ofNames(nodes);
      rendezvous.remove(failed);
      return each(rendezvous::owner);
    }

    @Override
    public Placement placeWith(List<String> nodes, String joined) {
      Rendezvous<String> rendezvous = Rendezvous.ofNames(nodes);
      rendezvous.add(joined);
      return each(rendezvous::owner);
    }
  },

  /**
   * Two choices on the ring of 100 tokens: stateful, so the keys are assigned in the order given,
   * and again from scratch, in the same order, on a new set of nodes.
   */
  TWO_CHOICE_RING("two choices (ring of " + PlacementScheme.RING_TOKENS + ")") {
    @Override
    public Placement place(List<String> nodes) {
      HashRing<String> ring = HashRing.of(nodes, NAME, RING_TOKENS);
      return keys -> {
        TwoChoiceRing<String> twoChoices = TwoChoiceRing.on(ring);
        return keys.stream().map(twoChoices::assign).toArray(String[]::new);
      };
    }
  },

  /** Rendezvous over groups of 4 nodes, then within the group. */
  HIERARCHICAL("hierarchical (fanout " + PlacementScheme.FANOUT + ")") {
    @Override
    public Placement place(List<String> nodes) {
      return each(HierarchicalRendezvous.of(nodes, NAME, FANOUT)::owner);
    }

    @Override
    public Placement placeWithout(List<String> nodes, String failed) {
      HierarchicalRendezvous<String> hierarchy = HierarchicalRendezvous.of(nodes, NAME, FANOUT);
      hierarchy.remove(failed);
      return each(hierarchy::owner);
    }
  },

  /** A table of rows filled in rendezvous order. */
  LOOKUP_TABLE("lookup table") {
    @Override
    public Placement place(List<String> nodes) {
      return each(LookupTable.of(nodes, NAME)::owner);
    }

    @Override
    public Placement placeWithout(List<String> nodes, String failed) {
      LookupTable<String> table = LookupTable.of(nodes, NAME);
      table.remove(failed);
      return each(table::owner);
    }

    @Override
    public Placement placeWith(List<String> nodes, String joined) {
      LookupTable<String> table = LookupTable.of(nodes, NAME);
      table.add(joined);
      return each(table::owner);
    }
  };

  /** Tokens per node on the ring of {@link #RING_100} and {@link #TWO_CHOICE_RING}. */
  static final int RING_TOKENS = 100;

  /** Children per group in {@link #HIERARCHICAL}: with 8 nodes, two groups of 4. */
  static final int FANOUT = 4;

  private static final Function<String, String> NAME = UnaryOperator.identity();

  private final String label;

  PlacementScheme(String label) {
    this.label = label;
  }

  /**
   * The scheme's name in tables and charts.
   *
   * @return the name
   */
  public String label() {
    return label;
  }

  /** The owners of keys under one placement: the node names, in the order of the keys. */
  @FunctionalInterface
  public interface Placement {
    /**
     * Places keys.
     *
     * @param keys the keys, in order
     * @return each key's node, in the same order
     */
    String[] owners(List<String> keys);
  }

  /**
   * Places keys on some nodes, named by themselves.
   *
   * @param nodes the node names
   * @return the placement
   */
  public abstract Placement place(List<String> nodes);

  /**
   * Places keys on some nodes after one of them, {@code failed}, has gone.
   *
   * @param nodes the node names, {@code failed} among them
   * @param failed the node that has gone
   * @return the placement on the others
   */
  public Placement placeWithout(List<String> nodes, String failed) {
    List<String> survivors = new ArrayList<>(nodes);
    survivors.remove(failed);
    return place(survivors);
  }

  /**
   * Places keys on some nodes after a new one, {@code joined}, has come.
   *
   * @param nodes the node names before
   * @param joined the new node
   * @return the placement on all of them
   */
  public Placement placeWith(List<String> nodes, String joined) {
    List<String> grown = new ArrayList<>(nodes);
    grown.add(joined);
    return place(grown);
  }

  /** A placement that asks a stateless owner function for each key. */
  private static Placement each(Function<String, String> owner) {
    return keys -> keys.stream().map(owner).toArray(String[]::new);
  }
}
