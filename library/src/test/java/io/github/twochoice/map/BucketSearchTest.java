/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.hash.ChoiceHasher;
import org.junit.jupiter.api.Test;

/**
 * The exact cuckoo insert on its own table: its scratch memory is one bit per bucket, rounded up to
 * whole words, and a failed search leaves the table as it was.
 */
class BucketSearchTest {
  @Test
  void theSearchMarksBucketsWithOneBitEach() {
    ChoiceHasher hasher = ChoiceHasher.seeded(1);
    BucketSearch search = new BucketSearch(hasher, null);
    int largest = 0;
    for (int buckets : new int[] {1000, 1024, 4097, 64}) {
      largest = Math.max(largest, buckets);
      BucketTable table = new BucketTable(2, 1, false, buckets, true, null);
      // three keys of one hash code in buckets of one slot: the third has no path
      Key a = new Key(1, 42);
      Key b = new Key(2, 42);
      Key c = new Key(3, 42);
      long hash = hasher.hash(a);
      assertNotEquals(table.bucketOf(hash, 0), table.bucketOf(hash, 1), "two buckets");
      assertEquals(0, search.insert(table, hash, a, 1));
      assertEquals(0, search.insert(table, hash, b, 2));
      assertEquals(-1, search.insert(table, hash, c, 3));
      assertEquals(64L * ((largest + 63) / 64), search.visitedBits(), buckets + " buckets");
      assertEquals(2, table.size());
      assertEquals(-1, table.find(hash, c));
      assertTrue(table.find(hash, a) >= 0 && table.find(hash, b) >= 0);
    }
  }
}
