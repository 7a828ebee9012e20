/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class JumpHashTest {
  private static final int KEYS = 100_000;

  private static List<String> names(int n) {
    return NodeNames.of(n);
  }

  /** Node i's count is Binomial(100000, 1/N). */
  @Test
  void eachNodeOwnsItsShare() {
    JumpHash<String> jump = JumpHash.of(names(7), Function.identity());
    int[] counts = new int[7];
    for (int k = 0; k < KEYS; k++) {
      counts[names(7).indexOf(jump.owner("key-" + k))]++;
    }
    for (int i = 0; i < 7; i++) {
      Binomial.assertCount(counts[i], KEYS, 1.0 / 7, "node " + i);
    }
  }

  @Test
  void aNewLastNodeTakesOneInNPlusOneKeysAndNothingElseMoves() {
    for (int n : new int[] {1, 4, 10}) {
      JumpHash<String> before = JumpHash.of(names(n), Function.identity());
      JumpHash<String> after = JumpHash.of(names(n + 1), Function.identity());
      int moved = 0;
      for (int k = 0; k < KEYS; k++) {
        String was = before.owner("key-" + k);
        String now = after.owner("key-" + k);
        if (!was.equals(now)) {
          assertEquals("node-" + n, now, "a key moves only to the new node");
          moved++;
        }
      }
      Binomial.assertCount(moved, KEYS, 1.0 / (n + 1), n + " -> " + (n + 1));
    }
  }

  @Test
  void theRankingStartsWithTheOwnerAndNamesEveryNodeOnce() {
    JumpHash<String> jump = JumpHash.of(names(5), Function.identity());
    for (int k = 0; k < 1000; k++) {
      List<String> ranking = jump.ranking("key-" + k, 5);
      assertEquals(jump.owner("key-" + k), ranking.get(0));
      assertEquals(5, ranking.stream().distinct().count());
      assertEquals(ranking.subList(0, 2), jump.ranking("key-" + k, 2));
    }
    assertEquals(List.of(), jump.ranking("k", 0));
  }

  /** Values other implementations of the paper's algorithm publish (Python's jump, Rust's). */
  @Test
  void theAlgorithmGivesThePublishedBuckets() {
    assertEquals(520, JumpHash.bucket(256, 1024));
    assertEquals(0, JumpHash.bucket(0, 60));
    assertEquals(55, JumpHash.bucket(1, 60));
    assertEquals(46, JumpHash.bucket(2, 60));
  }

  @Test
  void badArgumentsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> JumpHash.bucket(1, 0));
    assertEquals(0, JumpHash.bucket(123, 1));
    assertThrows(IllegalArgumentException.class, () -> JumpHash.of(List.of(), Function.identity()));
    JumpHash<String> jump = JumpHash.of(names(3), Function.identity());
    assertThrows(IllegalArgumentException.class, () -> jump.ranking("k", 4));
    assertThrows(NullPointerException.class, () -> jump.owner(null));
    assertEquals(names(3), jump.nodes());
    assertEquals(3, jump.size());
  }
}
