/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

/**
 * A table in which each key has d buckets of b slots: what the d-choice rule reads to place a key.
 * The sequential {@link BucketTable} and the concurrent {@link ConcurrentCuckooTable} each say
 * where a key's buckets are and how full a bucket is; the rule that picks among them is written
 * once, here.
 */
interface BucketChoices {
  /** Returns d, the number of buckets of each key. */
  int choices();

  /** Returns b, the number of slots of a bucket. */
  int slotsPerBucket();

  /** Returns the bucket of choice {@code i} of a key with hash {@code hash}. */
  int bucketOf(long hash, int i);

  /** Returns the number of keys in {@code bucket}. */
  int loadOf(int bucket);

  /**
   * Returns the key's least loaded bucket with a free slot, the earliest choice on ties, or -1 if
   * all its buckets are full. Reads d bucket loads; writes nothing.
   */
  default int leastLoadedBucket(long hash) {
    int target = -1;
    int fewest = slotsPerBucket();
    for (int i = 0; i < choices(); i++) {
      int bucket = bucketOf(hash, i);
      int load = loadOf(bucket);
      if (load < fewest) {
        target = bucket;
        fewest = load;
      }
    }
    return target;
  }
}
