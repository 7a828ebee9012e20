/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.hash.ChoiceHasher;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * {@link CuckooTable} against what the exact insert guarantees, through its read-only views: every
 * key lives in one of its candidate buckets, an insert moves keys along one augmenting path (each
 * moved key to the bucket the previous one left), and a failed insert leaves every key where it
 * was, in a connected component with no free slot: no augmenting path exists, so no placement of
 * the keys could have taken the new one. Also its bounds.
 */
class CuckooTableTest {
  private static final int[][] LAYOUTS = {{2, 1}, {2, 2}, {3, 1}, {4, 2}};

  @Test
  void candidateBucketsAreTheTablesChoices() {
    CuckooTable table = CuckooTable.withCells(3, 2, 40, 5);
    ChoiceHasher hasher = ChoiceHasher.seeded(5);
    assertEquals(3, table.choices());
    assertEquals(2, table.slotsPerBucket());
    assertEquals(20, table.buckets());
    for (int key = 0; key < 100; key++) {
      long hash = hasher.hash(key);
      int[] expected = new int[3];
      for (int i = 0; i < 3; i++) {
        expected[i] = ChoiceHasher.bucket(ChoiceHasher.choice(hash, i), 20);
      }
      assertArrayEquals(expected, table.candidateBuckets(key), "key " + key);
    }
  }

  @Test
  void insertsMoveKeysAlongOnePathAndFailuresMoveNothing() {
    for (int[] layout : LAYOUTS) {
      for (long seed = 1; seed <= 5; seed++) {
        fillToFirstFailure(layout[0], layout[1], seed);
      }
    }
  }

  private static void fillToFirstFailure(int d, int b, long seed) {
    CuckooTable table = CuckooTable.withCells(d, b, 48, seed);
    List<Integer> keys = new ArrayList<>();
    for (int key = 0; key < table.cells(); key++) {
      Map<Integer, Integer> before = homes(table, keys);
      boolean placed = table.add(key);
      Map<Integer, Integer> after = homes(table, keys);
      String where = "(" + d + "," + b + ") seed " + seed + " key " + key;
      if (!placed) {
        assertEquals(before, after, where);
        assertEquals(-1, table.bucketHolding(key), where);
        assertComponentIsFull(table, key, where);
        return;
      }
      assertOnePath(table, key, before, after, where);
      keys.add(key);
      assertBucketsHoldExactly(table, keys, where);
    }
  }

  private static Map<Integer, Integer> homes(CuckooTable table, List<Integer> keys) {
    Map<Integer, Integer> homes = new HashMap<>();
    for (int key : keys) {
      homes.put(key, table.bucketHolding(key));
    }
    return homes;
  }

  /** The new key's bucket lost a key to the next bucket of the path, and so on to a free slot. */
  private static void assertOnePath(
      CuckooTable table,
      int key,
      Map<Integer, Integer> before,
      Map<Integer, Integer> after,
      String where) {
    Map<Integer, Integer> movedFrom = new HashMap<>(); // old bucket -> moved key
    for (Map.Entry<Integer, Integer> e : before.entrySet()) {
      if (!e.getValue().equals(after.get(e.getKey()))) {
        assertEquals(null, movedFrom.put(e.getValue(), e.getKey()), where + ": two moves from one");
      }
    }
    int bucket = table.bucketHolding(key);
    assertTrue(contains(table.candidateBuckets(key), bucket), where);
    int followed = 0;
    while (movedFrom.containsKey(bucket)) {
      int moved = movedFrom.get(bucket);
      int next = after.get(moved);
      assertTrue(contains(table.candidateBuckets(moved), next), where + ": moved key " + moved);
      bucket = next;
      followed++;
    }
    assertEquals(movedFrom.size(), followed, where + ": every moved key lies on the path");
  }

  private static void assertBucketsHoldExactly(CuckooTable table, List<Integer> keys, String w) {
    Set<Object> seen = new HashSet<>();
    for (int bucket = 0; bucket < table.buckets(); bucket++) {
      List<Object> inBucket = table.keysIn(bucket);
      assertTrue(inBucket.size() <= table.slotsPerBucket(), w);
      for (Object key : inBucket) {
        assertEquals(bucket, table.bucketHolding(key), w);
        assertTrue(seen.add(key), w + ": key twice");
      }
    }
    assertEquals(new HashSet<Object>(keys), seen, w);
    assertEquals(keys.size(), table.size(), w);
  }

  /** The buckets reachable from the key's by moving keys have no free slot left. */
  private static void assertComponentIsFull(CuckooTable table, int key, String where) {
    Set<Integer> reached = new HashSet<>();
    Deque<Integer> queue = new ArrayDeque<>();
    for (int bucket : table.candidateBuckets(key)) {
      if (reached.add(bucket)) {
        queue.add(bucket);
      }
    }
    while (!queue.isEmpty()) {
      int bucket = queue.poll();
      assertEquals(table.slotsPerBucket(), table.keysIn(bucket).size(), where);
      for (Object resident : table.keysIn(bucket)) {
        for (int next : table.candidateBuckets(resident)) {
          if (reached.add(next)) {
            queue.add(next);
          }
        }
      }
    }
  }

  private static boolean contains(int[] values, int value) {
    for (int v : values) {
      if (v == value) {
        return true;
      }
    }
    return false;
  }

  @Test
  void absentKeysAndBadBuckets() {
    CuckooTable table = CuckooTable.withCells(2, 4, 16, 3);
    assertEquals(-1, table.bucketHolding("absent"));
    assertTrue(table.add(null));
    assertTrue(contains(table.candidateBuckets(null), table.bucketHolding(null)));
    assertFalse(table.keysIn(table.bucketHolding(null)).isEmpty());
    assertThrows(IndexOutOfBoundsException.class, () -> table.keysIn(-1));
    assertThrows(IndexOutOfBoundsException.class, () -> table.keysIn(table.buckets()));
  }

  @Test
  void sizesAreCheckedAndRoundedUpToWholeBuckets() {
    assertEquals(1, CuckooTable.withCells(2, 1, 1, 1).cells());
    assertEquals(8, CuckooTable.withCells(2, 8, 1, 1).cells());
    assertEquals(8, CuckooTable.withCells(2, 8, 8, 1).cells());
    assertEquals(16, CuckooTable.withCells(2, 8, 9, 1).cells());
    assertEquals(8, CuckooTable.withCells(8, 4, 16, 1).choices());
    assertRejects("cells", () -> CuckooTable.withCells(2, 4, 0, 1));
    assertRejects("cells", () -> CuckooTable.withCells(2, 1, CuckooTable.MAX_CELLS + 1, 1));
    assertRejects("slotsPerBucket", () -> CuckooTable.withCells(2, 0, 16, 1));
    assertRejects("slotsPerBucket", () -> CuckooTable.withCells(2, 3, 16, 1));
    assertRejects("slotsPerBucket", () -> CuckooTable.withCells(2, 16, 16, 1));
    assertRejects("choices", () -> CuckooTable.withCells(1, 4, 16, 1));
    assertRejects("choices", () -> CuckooTable.withCells(9, 4, 16, 1));
  }

  @Test
  void aKeyIsAddedOnce() {
    CuckooTable table = CuckooTable.withCells(2, 4, 10, 1);
    assertEquals(12, table.cells());
    assertTrue(table.add("a"));
    assertTrue(table.add("a"));
    assertEquals(1, table.size());
    assertEquals(1.0 / 12, table.load());
  }

  private static void assertRejects(String argument, Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(e.getMessage().startsWith(argument + " "), e.getMessage());
  }
}
