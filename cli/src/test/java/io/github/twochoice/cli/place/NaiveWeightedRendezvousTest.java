/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.place.Rendezvous;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class NaiveWeightedRendezvousTest {
  private static final List<Double> CAPACITIES = List.of(1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 4.0, 4.0);
  private static final double[] WEIGHTS = {1, 1, 1, 1, 2, 2, 4, 4};
  private static final List<String> NODES = names(8);
  private static final int KEYS = 200_000;

  /**
   * The integral by hand: T_1 = 1/512 (all nodes), T_5 = 15/256 (capacities 2 and 4), T_7 = 3/8
   * (capacity 4); capacity 1 gets 1/512, capacity 2 gets 31/512, capacity 4 gets 223/512.
   */
  @Test
  void sharesOfTheKnownExample() {
    double[] shares = NaiveWeightedRendezvous.shares(WEIGHTS);
    double[] expected = {1, 1, 1, 1, 31, 31, 223, 223};
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i] / 512, shares[i], 1e-12, "node " + i);
    }
    assertEquals(0.435546875, shares[7], 1e-12);
  }

  /** Two nodes, w1 ≤ w2: the lighter wins with probability w1 / (2 w2). */
  @Test
  void sharesOfTwoNodes() {
    assertArrayEquals(
        new double[] {0.5 / 3, 1 - 0.5 / 3}, NaiveWeightedRendezvous.shares(1, 3), 1e-15);
    assertArrayEquals(new double[] {0.75, 0.25}, NaiveWeightedRendezvous.shares(4, 2), 1e-15);
  }

  /**
   * For 200 sets of random weights spanning six orders of magnitude and up to 5000 nodes (where the
   * powers in the formula would overflow): the shares are finite, sum to 1, follow the weights'
   * order, and do not change when every weight is scaled.
   */
  @Test
  void sharesAreAProbabilityDistribution() {
    SplittableRandom seeds = new SplittableRandom(0x5A4E5L);
    for (int example = 0; example < 200; example++) {
      SplittableRandom random = seeds.split();
      int n = random.nextInt(1, 5001);
      double[] weights = new double[n];
      for (int i = 0; i < n; i++) {
        weights[i] = Math.pow(10, random.nextDouble(-3, 3));
      }
      weights[random.nextInt(n)] = weights[0]; // a tie
      double[] shares = NaiveWeightedRendezvous.shares(weights);
      double sum = 0;
      for (int i = 0; i < n; i++) {
        assertTrue(shares[i] >= 0 && shares[i] <= 1, "share " + shares[i]);
        sum += shares[i];
        for (int j = 0; j < Math.min(n, 50); j++) {
          if (weights[i] < weights[j]) {
            assertTrue(shares[i] <= shares[j]);
          } else if (weights[i] == weights[j]) {
            assertEquals(shares[i], shares[j]);
          }
        }
      }
      assertEquals(1, sum, 1e-9);
      double[] scaled = weights.clone();
      for (int i = 0; i < n; i++) {
        scaled[i] *= 1024;
      }
      assertArrayEquals(shares, NaiveWeightedRendezvous.shares(scaled), 1e-12);
    }
  }

  @Test
  void equalWeightsGetEqualShares() {
    for (double share : NaiveWeightedRendezvous.shares(3, 3, 3, 3, 3)) {
      assertEquals(0.2, share, 1e-15);
    }
  }

  @Test
  void badWeightsAreRejected() {
    for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> NaiveWeightedRendezvous.shares(1, bad));
      assertTrue(e.getMessage().startsWith("weight must be positive and finite"));
    }
    assertThrows(IllegalArgumentException.class, NaiveWeightedRendezvous::shares);
    assertThrows(NullPointerException.class, () -> NaiveWeightedRendezvous.shares((double[]) null));
  }

  /**
   * The counts match the exact shares: node i's count is Binomial(200000, P_i), with P_i = 1/512
   * for a node of capacity 1 and 223/512 for one of capacity 4; 5 standard deviations allowed.
   */
  @Test
  void sharesMatchTheExactFormula() {
    NaiveWeightedRendezvous placement = new NaiveWeightedRendezvous(NODES, CAPACITIES);
    Map<String, Integer> counts = new HashMap<>();
    for (int k = 0; k < KEYS; k++) {
      counts.merge(placement.owner("key-" + k), 1, Integer::sum);
    }
    double[] shares = NaiveWeightedRendezvous.shares(WEIGHTS);
    for (int i = 0; i < NODES.size(); i++) {
      double mean = KEYS * shares[i];
      double sd = Math.sqrt(KEYS * shares[i] * (1 - shares[i]));
      assertEquals(mean, counts.getOrDefault(NODES.get(i), 0), 5 * sd, NODES.get(i));
    }
  }

  /** A node's score does not depend on the others: changes move keys only to or from that node. */
  @Test
  void addingOrRemovingANodeMovesOnlyItsKeys() {
    List<String> withNew = new ArrayList<>(NODES);
    withNew.add("node-8");
    List<Double> withNewCapacities = new ArrayList<>(CAPACITIES);
    withNewCapacities.add(3.0);
    List<String> withoutFive = new ArrayList<>(withNew);
    withoutFive.remove(5);
    List<Double> withoutFiveCapacities = new ArrayList<>(withNewCapacities);
    withoutFiveCapacities.remove(5);
    NaiveWeightedRendezvous before = new NaiveWeightedRendezvous(NODES, CAPACITIES);
    NaiveWeightedRendezvous added = new NaiveWeightedRendezvous(withNew, withNewCapacities);
    NaiveWeightedRendezvous removed =
        new NaiveWeightedRendezvous(withoutFive, withoutFiveCapacities);
    for (int k = 0; k < 20_000; k++) {
      String key = "key-" + k;
      String owner = added.owner(key);
      assertTrue(owner.equals(before.owner(key)) || owner.equals("node-8"), key);
      if (!owner.equals("node-5")) {
        assertEquals(owner, removed.owner(key), key);
      }
    }
  }

  /**
   * With equal weights the naive score ranks the nodes by the pair's u, the high bits of the
   * standard pair hash: the owner is plain rendezvous's.
   */
  @Test
  void equalWeightsPlaceAsPlainRendezvous() {
    NaiveWeightedRendezvous naive =
        new NaiveWeightedRendezvous(NODES, Collections.nCopies(NODES.size(), 2.0));
    Rendezvous<String> plain = Rendezvous.ofNames(NODES);
    for (int k = 0; k < 20_000; k++) {
      assertEquals(plain.owner("key-" + k), naive.owner("key-" + k));
    }
  }

  private static List<String> names(int n) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      names.add("node-" + i);
    }
    return List.copyOf(names);
  }
}
