/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim;

import io.github.twochoice.hash.ChoiceHasher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A fixed-size cuckoo table for experiments: d choices of bucket per key, b slots per bucket, and
 * an exact insert, which places a new key if and only if the keys already there can be rearranged
 * to make room for it. It never grows and has no stash: {@link #add} says when a key cannot be
 * placed, and {@link #load()} how full the table got.
 *
 * <p>A key's buckets come from the library's choice hashing: the key's 64-bit hash under the seed
 * gives choice hashes {@code g_i = h1 + i·h2}, and choice i is bucket {@code ⌊g_i·n / 2^32⌋} of the
 * n buckets, as in {@code CuckooHashMap}. A new key goes to its least loaded bucket (the earliest
 * choice on ties). When all its buckets are full, a breadth-first search over buckets looks for the
 * shortest <em>augmenting path</em>: a chain of resident keys, each of which can move to another of
 * its buckets, ending at a bucket with a free slot. The keys in the table are a valid assignment,
 * so the new key fits iff such a path exists, and the search, which visits each bucket at most
 * once, finds it or proves there is none; no "give up after so many evictions" limit. The keys move
 * only once a path is found, last move first, so a failed insert leaves the table as it was.
 *
 * <p>The key set decides whether an insert succeeds, not the order of earlier placements: a set of
 * keys fits iff each key can be matched to a slot of one of its buckets. So the load at the first
 * failure measures the threshold of the (d, b) layout ({@link CuckooThreshold}).
 *
 * <p>Cost: an insert that finds a free slot in its own buckets reads d buckets; otherwise the
 * search hashes every key of the buckets it visits (few at moderate load, the key's whole connected
 * component when the insert fails). Memory: a reference per slot, and 13 bytes per bucket for its
 * load and the search's queue.
 *
 * @since 0.1.0
 */
public final class CuckooTable {
  /** The most choices per key: as in the library's maps. */
  private static final int MAX_CHOICES = 8;

  /** The most cells of a table: 2<sup>30</sup>, 4 GB of references. */
  static final int MAX_CELLS = 1 << 30;

  /** What a free slot holds: keys may be null, so null cannot mark one. */
  private static final Object FREE = new Object();

  private final ChoiceHasher hasher;
  private final int choices;
  private final int slotsPerBucket;
  private final int buckets;

  /** Slot j of bucket u is {@code slots[u·b + j]}. */
  private final Object[] slots;

  private final int[] loads;
  private int size;

  /** The search's scratch: the buckets it reached, in order, and how it reached each. */
  private final int[] queue;

  private final int[] parent;
  private final int[] fromSlot;
  private final boolean[] queued;
  private int queueLength;

  private CuckooTable(int choices, int slotsPerBucket, int buckets, long seed) {
    this.hasher = ChoiceHasher.seeded(seed);
    this.choices = choices;
    this.slotsPerBucket = slotsPerBucket;
    this.buckets = buckets;
    this.slots = new Object[buckets * slotsPerBucket];
    Arrays.fill(slots, FREE);
    this.loads = new int[buckets];
    this.queue = new int[buckets];
    this.parent = new int[buckets];
    this.fromSlot = new int[buckets];
    this.queued = new boolean[buckets];
  }

  /**
   * Creates an empty table of about {@code cells} slots: {@code cells / b} buckets, rounded up.
   *
   * @param choices d, the buckets per key, from 2 to 8
   * @param slotsPerBucket b: 1, 2, 4 or 8
   * @param cells the number of slots wanted, from 1 to 2<sup>30</sup>
   * @param seed the seed of the hash function
   * @return an empty table
   * @throws IllegalArgumentException if an argument is out of range
   */
  public static CuckooTable withCells(int choices, int slotsPerBucket, int cells, long seed) {
    if (choices < 2 || choices > MAX_CHOICES) {
      throw new IllegalArgumentException(
          "choices must be between 2 and " + MAX_CHOICES + ": " + choices);
    }
    if (slotsPerBucket < 1 || slotsPerBucket > 8 || Integer.bitCount(slotsPerBucket) != 1) {
      throw new IllegalArgumentException("slotsPerBucket must be 1, 2, 4 or 8: " + slotsPerBucket);
    }
    if (cells < 1 || cells > MAX_CELLS) {
      throw new IllegalArgumentException("cells must be between 1 and " + MAX_CELLS + ": " + cells);
    }
    int buckets = (cells + slotsPerBucket - 1) / slotsPerBucket;
    return new CuckooTable(choices, slotsPerBucket, buckets, seed);
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
    if (slotHolding(hash, key) >= 0) {
      return true;
    }
    int bucket = leastLoadedWithRoom(hash);
    if (bucket < 0) {
      bucket = freeBucketByMovingKeys(hash);
      if (bucket < 0) {
        return false;
      }
    }
    store(bucket, key);
    return true;
  }

  /**
   * Returns whether the table holds {@code key}.
   *
   * @param key the key, possibly null
   * @return true if present
   */
  public boolean contains(Object key) {
    return slotHolding(hasher.hash(key), key) >= 0;
  }

  /**
   * Returns the number of keys in the table.
   *
   * @return the size
   */
  public int size() {
    return size;
  }

  /**
   * Returns the number of slots (cells).
   *
   * @return buckets × slots per bucket
   */
  public int cells() {
    return slots.length;
  }

  /**
   * Returns the load: keys per cell.
   *
   * @return {@code size() / cells()}
   */
  public double load() {
    return (double) size / cells();
  }

  /**
   * Returns d, the candidate buckets per key.
   *
   * @return the number of choices
   */
  public int choices() {
    return choices;
  }

  /**
   * Returns b, the slots per bucket.
   *
   * @return the slots of each bucket
   */
  public int slotsPerBucket() {
    return slotsPerBucket;
  }

  /**
   * Returns the number of buckets, numbered from 0.
   *
   * @return {@code cells() / slotsPerBucket()}
   */
  public int buckets() {
    return buckets;
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
    int[] candidates = new int[choices];
    for (int i = 0; i < choices; i++) {
      candidates[i] = bucketOf(hash, i);
    }
    return candidates;
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
    int slot = slotHolding(hasher.hash(key), key);
    return slot < 0 ? -1 : slot / slotsPerBucket;
  }

  /**
   * Returns the keys in a bucket, in the order of its slots.
   *
   * @param bucket a bucket number, in [0, {@link #buckets()})
   * @return a new list of at most b keys
   * @throws IndexOutOfBoundsException if {@code bucket} is out of range
   */
  public List<Object> keysIn(int bucket) {
    int first = Objects.checkIndex(bucket, buckets) * slotsPerBucket;
    List<Object> keys = new ArrayList<>(slotsPerBucket);
    for (int slot = first; slot < first + slotsPerBucket; slot++) {
      if (slots[slot] != FREE) {
        keys.add(slots[slot]);
      }
    }
    return keys;
  }

  private int bucketOf(long hash, int choice) {
    return ChoiceHasher.bucket(ChoiceHasher.choice(hash, choice), buckets);
  }

  /** Returns the slot holding {@code key} (hash {@code hash}), or -1. */
  private int slotHolding(long hash, Object key) {
    for (int i = 0; i < choices; i++) {
      int first = bucketOf(hash, i) * slotsPerBucket;
      for (int slot = first; slot < first + slotsPerBucket; slot++) {
        if (slots[slot] != FREE && Objects.equals(slots[slot], key)) {
          return slot;
        }
      }
    }
    return -1;
  }

  /** Returns the key's least loaded bucket with a free slot (the earliest on ties), or -1. */
  private int leastLoadedWithRoom(long hash) {
    int target = -1;
    int fewest = slotsPerBucket;
    for (int i = 0; i < choices; i++) {
      int bucket = bucketOf(hash, i);
      if (loads[bucket] < fewest) {
        target = bucket;
        fewest = loads[bucket];
      }
    }
    return target;
  }

  /** Puts a key in the first free slot of {@code bucket}. */
  private void store(int bucket, Object key) {
    int slot = bucket * slotsPerBucket;
    while (slots[slot] != FREE) {
      slot++;
    }
    slots[slot] = key;
    loads[bucket]++;
    size++;
  }

  /**
   * Frees a slot in one of the buckets of a key whose buckets are all full, by moving the keys of
   * the shortest augmenting path.
   *
   * @return the key's bucket with a slot now free, or -1 if no path exists (nothing moved)
   */
  private int freeBucketByMovingKeys(long hash) {
    queueLength = 0;
    try {
      int end = searchPath(hash);
      return end < 0 ? -1 : moveAlongPath(end);
    } finally {
      for (int q = 0; q < queueLength; q++) {
        queued[queue[q]] = false;
      }
    }
  }

  /**
   * The breadth-first search: queues the key's buckets, then every bucket a key of a queued bucket
   * could move to, each remembering the queued bucket it was reached from and the slot there whose
   * key would move into it.
   *
   * @return the queue position of the first bucket reached that has a free slot, or -1
   */
  private int searchPath(long hash) {
    for (int i = 0; i < choices; i++) {
      enqueue(bucketOf(hash, i), -1, -1);
    }
    for (int head = 0; head < queueLength; head++) {
      int bucket = queue[head];
      for (int slot = bucket * slotsPerBucket; slot < (bucket + 1) * slotsPerBucket; slot++) {
        long residentHash = hasher.hash(slots[slot]);
        for (int i = 0; i < choices; i++) {
          int next = bucketOf(residentHash, i);
          if (enqueue(next, head, slot) && loads[next] < slotsPerBucket) {
            return queueLength - 1;
          }
        }
      }
    }
    return -1;
  }

  /** Queues {@code bucket} unless it was queued already; returns whether it was new. */
  private boolean enqueue(int bucket, int from, int slot) {
    if (queued[bucket]) {
      return false;
    }
    queued[bucket] = true;
    queue[queueLength] = bucket;
    parent[queueLength] = from;
    fromSlot[queueLength] = slot;
    queueLength++;
    return true;
  }

  /**
   * Moves each key of the path ending at queue position {@code end} one step towards its end, the
   * last one first, so that every key moves into a slot that is free; returns the bucket at the
   * path's start, now with a free slot.
   */
  private int moveAlongPath(int end) {
    int q = end;
    for (; parent[q] >= 0; q = parent[q]) {
      Object key = slots[fromSlot[q]];
      slots[fromSlot[q]] = FREE;
      loads[queue[parent[q]]]--;
      size--;
      store(queue[q], key);
    }
    return queue[q];
  }
}
