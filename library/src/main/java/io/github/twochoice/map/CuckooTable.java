/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A fixed-size cuckoo table for experiments: d choices of bucket per key, b slots per bucket, and
 * the exact insert of {@link CuckooHashMap}, which places a new key if and only if the keys already
 * there can be rearranged to make room for it. It never grows and has no stash: {@link #add} says
 * when a key cannot be placed, and {@link #load()} how full the table got.
 *
 * <p>The key set decides whether an insert succeeds, not the order of earlier placements: a set of
 * keys fits iff each key can be matched to a slot of one of its buckets, and the exact insert keeps
 * a matching whenever one exists. So the load at the first failure measures the threshold of the
 * (d, b) layout under the table's hash function. A supported API for such experiments; {@code
 * CuckooThreshold} of the experiments module runs them. For a cuckoo table to use, take {@link
 * CuckooHashMap} or {@link CuckooHashSet}.
 *
 * <p>Cost: as {@link CuckooHashMap}'s insert: an insert that finds a free slot in its own buckets
 * reads d buckets; otherwise the search visits buckets until it finds a free slot (few at moderate
 * load, the key's whole connected component when the insert fails). Memory: 5 bytes per slot (a key
 * reference and a tag byte).
 *
 * @since 0.1.0
 */
public final class CuckooTable {
  private final ChoiceHasher hasher;
  private final BucketTable table;
  private final BucketSearch search;

  CuckooTable(int choices, int slotsPerBucket, int buckets, ChoiceHasher hasher) {
    MapBuilder.checkChoices(choices);
    if (!BucketTable.isValidSlotsPerBucket(slotsPerBucket)) {
      throw new IllegalArgumentException("slotsPerBucket must be 1, 2, 4 or 8: " + slotsPerBucket);
    }
    if (buckets < 1 || !BucketTable.isValidSlotCount((long) buckets * slotsPerBucket)) {
      throw new IllegalArgumentException("buckets out of range: " + buckets);
    }
    this.hasher = hasher;
    this.table = new BucketTable(choices, slotsPerBucket, false, buckets, false, null);
    this.search = new BucketSearch(hasher, null);
  }

  /**
   * Creates an empty table of about {@code cells} slots for experiments: {@code cells / b} buckets,
   * rounded up.
   *
   * @param choices d, the buckets per key, from 2 to 8
   * @param slotsPerBucket b: 1, 2, 4 or 8
   * @param cells the number of slots wanted, positive
   * @param seed the seed of the hash function
   * @return an empty table
   * @throws IllegalArgumentException if an argument is out of range
   */
  public static CuckooTable withCells(int choices, int slotsPerBucket, int cells, long seed) {
    if (cells < 1) {
      throw new IllegalArgumentException("cells must be positive: " + cells);
    }
    if (slotsPerBucket < 1) {
      throw new IllegalArgumentException("slotsPerBucket must be positive: " + slotsPerBucket);
    }
    int buckets = (cells + slotsPerBucket - 1) / slotsPerBucket;
    return new CuckooTable(choices, slotsPerBucket, buckets, ChoiceHasher.seeded(seed));
  }

  /**
   * Adds a key if it can be placed, moving other keys along an augmenting path if needed.
   *
   * @param key the key, possibly null
   * @return true if the key is in the table afterwards; false if it could not be placed, in which
   *     case the table is unchanged
   */
  public boolean add(Object key) {
    long hash = hasher.hash(key);
    return table.find(hash, key) >= 0 || search.insert(table, hash, key, null) >= 0;
  }

  /**
   * Returns whether the table holds {@code key}.
   *
   * @param key the key, possibly null
   * @return true if present
   */
  public boolean contains(Object key) {
    return table.find(hasher.hash(key), key) >= 0;
  }

  /**
   * Returns the number of keys in the table.
   *
   * @return the size
   */
  public int size() {
    return table.size();
  }

  /**
   * Returns the number of slots (cells).
   *
   * @return buckets × slots per bucket
   */
  public int cells() {
    return table.slots();
  }

  /**
   * Returns the load: keys per cell.
   *
   * @return {@code size() / cells()}
   */
  public double load() {
    return (double) size() / cells();
  }

  /** The table itself, for tests that check where keys may live. */
  BucketTable table() {
    return table;
  }

  // ---- Looking inside, for teaching and checks: read only ----

  /**
   * Returns d, the candidate buckets per key.
   *
   * @return the number of choices
   */
  public int choices() {
    return table.choices();
  }

  /**
   * Returns b, the slots per bucket.
   *
   * @return the slots of each bucket
   */
  public int slotsPerBucket() {
    return table.slotsPerBucket();
  }

  /**
   * Returns the number of buckets, numbered from 0.
   *
   * @return {@code cells() / slotsPerBucket()}
   */
  public int buckets() {
    return table.buckets();
  }

  /**
   * Returns the d buckets a key may live in, choice 0 first; two choices may name the same bucket.
   * They depend only on the key and the seed, whether the key is in the table or not.
   *
   * @param key the key, possibly null
   * @return a new array of d bucket numbers
   */
  public int[] candidateBuckets(Object key) {
    long hash = hasher.hash(key);
    int[] buckets = new int[table.choices()];
    for (int i = 0; i < buckets.length; i++) {
      buckets[i] = table.bucketOf(hash, i);
    }
    return buckets;
  }

  /**
   * Returns the bucket that holds a key. Comparing it for every key before and after an {@link
   * #add} shows the keys that the insert moved: each moved once, along one augmenting path.
   *
   * @param key the key, possibly null
   * @return one of its {@linkplain #candidateBuckets candidate buckets}, or -1 if the table does
   *     not hold it
   */
  public int bucketHolding(Object key) {
    int slot = table.find(hasher.hash(key), key);
    return slot < 0 ? -1 : slot / table.slotsPerBucket();
  }

  /**
   * Returns the keys in a bucket, in the order of its slots.
   *
   * @param bucket a bucket number, in [0, {@link #buckets()})
   * @return a new list of at most b keys
   * @throws IndexOutOfBoundsException if {@code bucket} is out of range
   */
  public List<Object> keysIn(int bucket) {
    int b = table.slotsPerBucket();
    int first = Objects.checkIndex(bucket, table.buckets()) * b;
    List<Object> keys = new ArrayList<>(b);
    for (int slot = first; slot < first + b; slot++) {
      if (table.isLive(slot)) {
        keys.add(table.keyAt(slot));
      }
    }
    return keys;
  }
}
