/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

/**
 * The concurrent cuckoo map the interleaving tests reason about: buckets of one slot at a load
 * factor of 0.49, sized for 400 keys, one lock stripe, seed 9. A few hundred keys fill it to where
 * inserts need cuckoo paths, and keys of one hash code, which share their buckets, soon reach the
 * overflow area.
 */
final class SmallCuckooMap {
  private SmallCuckooMap() {}

  static <K, V> ConcurrentCuckooHashMap<K, V> create() {
    return ConcurrentCuckooHashMap.builder()
        .slotsPerBucket(1)
        .loadFactor(0.49)
        .expectedSize(400)
        .lockStripes(1)
        .seed(9)
        .build();
  }
}
