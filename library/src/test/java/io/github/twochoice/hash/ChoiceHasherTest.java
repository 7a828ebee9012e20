/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ChoiceHasherTest {
  @Test
  void sameSeedGivesSameHashesAndOtherSeedsDiffer() {
    ChoiceHasher a = ChoiceHasher.seeded(42);
    assertEquals(a.hash("key"), ChoiceHasher.seeded(42).hash("key"));
    assertNotEquals(a.hash("key"), ChoiceHasher.seeded(43).hash("key"));
    assertEquals(a, ChoiceHasher.seeded(42));
    assertEquals(42, a.seed());
  }

  @Test
  void nullHashesLikeHashCodeZero() {
    ChoiceHasher h = ChoiceHasher.seeded(5);
    assertEquals(h.hash(0), h.hash(null));
  }

  @Test
  void distinctHashCodesGiveDistinctHashes() {
    Set<Long> seen = new HashSet<>();
    for (int i = -50_000; i < 50_000; i++) {
      assertTrue(seen.add(ChoiceHasher.mix(i, 7)), "collision at " + i);
    }
  }

  @Test
  void sequentialKeysSpreadEvenlyOverBuckets() {
    // 2^20 sequential hash codes into 1024 buckets: a perfect spread is 1024 per bucket; a
    // binomial count has standard deviation 32, and the test allows 6 of them.
    ChoiceHasher h = ChoiceHasher.seeded(9);
    int[] counts = new int[1024];
    for (int i = 0; i < 1 << 20; i++) {
      counts[ChoiceHasher.bucket(ChoiceHasher.choice(h.hash(i), 1), counts.length)]++;
    }
    for (int c : counts) {
      assertTrue(Math.abs(c - 1024) < 6 * 32, "bucket count " + c);
    }
  }

  @Test
  void bucketCoversTheWholeRange() {
    assertEquals(0, ChoiceHasher.bucket(0, 1000));
    assertEquals(999, ChoiceHasher.bucket(-1, 1000));
    assertEquals(500, ChoiceHasher.bucket(Integer.MIN_VALUE, 1000));
  }

  @Test
  void choicesAreDoubleHashing() {
    long hash = 0x0000_0005_0000_0003L;
    assertEquals(5, ChoiceHasher.choice(hash, 0));
    assertEquals(8, ChoiceHasher.choice(hash, 1));
    assertEquals(11, ChoiceHasher.choice(hash, 2));
  }

  @Test
  void tagIsTheLowSevenBitsWithTheHighBitSet() {
    for (int low = 0; low < 256; low++) {
      int choiceHash = 0x1234_5600 | low;
      assertEquals(0x80 | (low & 0x7F), ChoiceHasher.tag(choiceHash));
    }
  }
}
