/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.hash.ChoiceHasher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exact insert against independent exact criteria: a key set fits in a cuckoo table iff every
 * key can be matched to a slot of one of its buckets. For d = 2, b = 1 that is the graph criterion
 * (no connected component of the cuckoo graph has more keys than buckets), checked by union-find;
 * for every (d, b) it is a bipartite b-matching, checked by a separate augmenting-path search.
 */
class CuckooExactInsertTest {
  /** The buckets of each key, as the table computes them. */
  private static int[][] bucketsOf(BucketTable table, ChoiceHasher hasher, List<Integer> keys) {
    int[][] buckets = new int[keys.size()][table.choices()];
    for (int k = 0; k < keys.size(); k++) {
      long hash = hasher.hash(keys.get(k));
      for (int i = 0; i < table.choices(); i++) {
        buckets[k][i] = table.bucketOf(hash, i);
      }
    }
    return buckets;
  }

  /** Union-find on buckets: every component may hold at most as many keys as buckets. */
  private static boolean fitsByGraphCriterion(int[][] keyBuckets, int buckets) {
    int[] parent = new int[buckets];
    Arrays.setAll(parent, i -> i);
    int[] vertices = new int[buckets];
    int[] edges = new int[buckets];
    Arrays.fill(vertices, 1);
    for (int[] kb : keyBuckets) {
      int a = root(parent, kb[0]);
      int b = root(parent, kb[1]);
      if (a != b) {
        parent[a] = b;
        vertices[b] += vertices[a];
        edges[b] += edges[a];
      }
      edges[b]++;
    }
    for (int v = 0; v < buckets; v++) {
      if (parent[v] == v && edges[v] > vertices[v]) {
        return false;
      }
    }
    return true;
  }

  private static int root(int[] parent, int v) {
    while (parent[v] != v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  }

  /** Maximum b-matching by depth-first augmenting paths, from scratch. */
  private static boolean fitsByMatching(int[][] keyBuckets, int buckets, int slotsPerBucket) {
    List<List<Integer>> residents = new ArrayList<>();
    for (int b = 0; b < buckets; b++) {
      residents.add(new ArrayList<>());
    }
    for (int key = 0; key < keyBuckets.length; key++) {
      if (!augment(key, keyBuckets, residents, slotsPerBucket, new boolean[buckets])) {
        return false;
      }
    }
    return true;
  }

  private static boolean augment(
      int key, int[][] keyBuckets, List<List<Integer>> residents, int cap, boolean[] seen) {
    for (int b : keyBuckets[key]) {
      if (!seen[b] && residents.get(b).size() < cap) {
        residents.get(b).add(key);
        return true;
      }
    }
    for (int b : keyBuckets[key]) {
      if (seen[b]) {
        continue;
      }
      seen[b] = true;
      List<Integer> here = residents.get(b);
      for (int i = 0; i < here.size(); i++) {
        int other = here.get(i);
        here.set(i, key);
        if (augment(other, keyBuckets, residents, cap, seen)) {
          return true;
        }
        here.set(i, other);
      }
    }
    return false;
  }

  /** Adds keys 0, 1, ... until the first failure, checking the insert's verdict each time. */
  private static int fillAndCheck(int d, int b, int buckets, long seed, boolean graphCriterion) {
    ChoiceHasher hasher = ChoiceHasher.seeded(seed);
    BucketTable table = new BucketTable(d, b, false, buckets, false, null);
    BucketSearch search = new BucketSearch(hasher, null);
    List<Integer> keys = new ArrayList<>();
    for (int key = 0; key < buckets * b + 1; key++) {
      keys.add(key);
      int[][] keyBuckets = bucketsOf(table, hasher, keys);
      boolean fits =
          graphCriterion
              ? fitsByGraphCriterion(keyBuckets, buckets)
              : fitsByMatching(keyBuckets, buckets, b);
      boolean placed = search.insert(table, hasher.hash(key), key, null) >= 0;
      assertEquals(fits, placed, "key " + key + " with seed " + seed);
      if (!placed) {
        keys.remove(keys.size() - 1);
        assertEquals(keys.size(), table.size(), "a failed insert changes nothing");
        for (int k : keys) {
          assertTrue(
              table.find(hasher.hash(k), k) >= 0, "key " + k + " lost after a failed insert");
        }
        assertFalse(table.find(hasher.hash(key), key) >= 0);
        return keys.size();
      }
      assertEquals(keys.size(), table.size());
    }
    return keys.size();
  }

  @Test
  void twoChoicesOneSlotPlacesExactlyTheKeySetsWithoutTwoCycles() {
    for (long seed = 0; seed < 200; seed++) {
      fillAndCheck(2, 1, 64, seed, true);
    }
  }

  @Test
  void everyLayoutPlacesExactlyTheKeySetsThatHaveAMatching() {
    int[][] layouts = {{2, 1}, {2, 2}, {2, 4}, {3, 1}, {4, 1}, {3, 2}};
    for (int[] layout : layouts) {
      for (long seed = 0; seed < 30; seed++) {
        fillAndCheck(layout[0], layout[1], 48 / layout[1], seed, false);
      }
    }
  }
}
