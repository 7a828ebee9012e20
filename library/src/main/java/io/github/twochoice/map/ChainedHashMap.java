/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;
import io.github.twochoice.stats.LoadStats;
import java.util.Arrays;
import java.util.Objects;

/**
 * A chained hash table in which each key has d candidate buckets and joins the shortest of their
 * chains (ties go to the earlier choice); d = 1 is classic chaining. The table is cut into segments
 * that grow one at a time ({@link AbstractSegmentedMap}), each a {@link ChainTable}: flat arrays
 * with the chains' first entries inline in the buckets.
 *
 * <p>A lookup scans the d chains of its segment in choice order, then the overflow area if one of
 * its keys has the same home. An insertion joins the shortest chain (inline if its bucket is empty,
 * else right behind the head). A segment grows when its entries reach the load factor (entries per
 * bucket); a growth moves each key to the bucket of its current choice in the new segment if that
 * bucket is still empty, else to the shortest of its chains there. Keeping every choice would let a
 * bucket of the larger table take the chains of two old buckets (grown maps had chains of 5 and 6
 * where presized ones have 4); with this rule grown maps of 10<sup>6</sup> keys have the longest
 * chains of presized ones.
 *
 * <p><b>Keys with equal hash codes.</b> Such keys share all d buckets under every seed, so no
 * choice can separate them. When all d chains of a new key already hold {@link #chainLimit()}
 * entries (far beyond what random hashing produces: a chain of 16 at load 1 has probability below
 * 10<sup>-13</sup> even with one choice), the key goes to the overflow area, which treeifies
 * equal-hash {@code Comparable} keys. A flood of such keys therefore costs O(log n) per operation
 * instead of O(n), slows down no other key, and never grows the table beyond what the other entries
 * need.
 *
 * <p>Cost: a lookup reads the directory entry of its segment, computes one hash and reads about
 * {@code d * load} chain entries on a miss, fewer on a hit; no allocation. A growth hashes the keys
 * of one segment. Memory (compressed references): 13 bytes per bucket (its inline slot) plus 13
 * bytes per slot of the extra region (about a quarter of the entries at load 1 with two choices); 9
 * and 9 for keys only.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
abstract class ChainedHashMap<K, V> extends AbstractSegmentedMap<K, V, ChainTable> {
  private static final long serialVersionUID = 1L;

  /** The default number of entries per bucket before the table grows. */
  static final double DEFAULT_LOAD_FACTOR = 1.0;

  /** Chain length, per unit of load factor, at which new keys go to the overflow area. */
  private static final int CHAIN_LIMIT_PER_UNIT_LOAD = 16;

  private static final int MIN_BUCKETS = 16;

  /** The most buckets of all segments. */
  private static final int MAX_BUCKETS = 1 << 30;

  /** The number of buckets each key may join, d. */
  private final int choices;

  /** {@link #CHAIN_LIMIT_PER_UNIT_LOAD} times the load factor, rounded up. */
  private final int chainLimit;

  ChainedHashMap(
      int choices,
      int expectedSize,
      double loadFactor,
      ChoiceHasher hasher,
      boolean storesValues,
      HashStrategy<?> strategy) {
    super(
        checkLoadFactor(loadFactor),
        Objects.requireNonNull(hasher, "hasher"),
        storesValues,
        strategy);
    this.choices = choices;
    this.chainLimit =
        (int) Math.min(Integer.MAX_VALUE, CHAIN_LIMIT_PER_UNIT_LOAD * Math.ceil(loadFactor));
    if (expectedSize < 0) {
      throw new IllegalArgumentException("expectedSize must be >= 0: " + expectedSize);
    }
    allocate(expectedSize);
  }

  static double checkLoadFactor(double loadFactor) {
    if (!(loadFactor > 0) || Double.isInfinite(loadFactor)) {
      throw new IllegalArgumentException("loadFactor must be positive and finite: " + loadFactor);
    }
    return loadFactor;
  }

  /**
   * Returns the number of buckets each key may join.
   *
   * @return d, the number of choices
   */
  @Override
  public int choices() {
    return choices;
  }

  /**
   * Returns the chain length at which a new key whose chains all reach it goes to the overflow
   * area.
   *
   * @return the chain limit
   */
  public int chainLimit() {
    return chainLimit;
  }

  /**
   * Returns the entry slots allocated, inline heads and extra regions: what the memory grows by.
   */
  final long slotCapacity() {
    long slots = 0;
    for (int i = 0; i < segmentCount(); i++) {
      slots += segment(i).slots();
    }
    return slots;
  }

  // ---- The segments ----

  @Override
  final ChainTable emptySegment(int buckets, long entries) {
    return new ChainTable(choices, buckets, entries, storesValues(), chainLimit, strategy());
  }

  @Override
  final int unitsFor(long entries) {
    double wanted = Math.max(MIN_BUCKETS, Math.ceil(entries / loadFactor()));
    return (int) Math.min(MAX_BUCKETS, wanted);
  }

  @Override
  final int capacityPerUnit() {
    return 1;
  }

  /**
   * Moves every key of {@code from} to {@code low} if the hash has {@code bit} clear, else to
   * {@code high}: to the bucket of its current choice if that bucket is empty there, else to the
   * shortest of its chains; keys whose chains are all full go to {@code spill}. Keys are hashed
   * {@value #GROWTH_BATCH} at a time before any of them moves, so that the {@code hashCode()} calls
   * read independent keys whose cache misses overlap.
   */
  @Override
  final void moveEntries(ChainTable from, ChainTable low, ChainTable high, int bit, Spill spill) {
    int[] batchSlots = new int[GROWTH_BATCH];
    int[] batchBuckets = new int[GROWTH_BATCH];
    long[] hashes = new long[GROWTH_BATCH];
    int batched = 0;
    for (int b = 0; b < from.units(); b++) {
      if (!from.isLive(b)) {
        continue;
      }
      for (int slot = b; slot != ChainTable.NONE; slot = from.successor(slot)) {
        batchSlots[batched] = slot;
        batchBuckets[batched] = b;
        hashes[batched] = hash(from.keyAt(slot));
        if (++batched == GROWTH_BATCH) {
          moveBatch(from, low, high, bit, batchSlots, batchBuckets, hashes, batched, spill);
          batched = 0;
        }
      }
    }
    moveBatch(from, low, high, bit, batchSlots, batchBuckets, hashes, batched, spill);
  }

  private static void moveBatch(
      ChainTable from,
      ChainTable low,
      ChainTable high,
      int bit,
      int[] batchSlots,
      int[] batchBuckets,
      long[] hashes,
      int count,
      Spill spill) {
    for (int i = 0; i < count; i++) {
      long hash = hashes[i];
      ChainTable to = ((int) hash & bit) == 0 ? low : high;
      Object key = from.keyAt(batchSlots[i]);
      Object value = from.valueAt(batchSlots[i]);
      if (!to.addMoved(from, batchBuckets[i], hash, key, value)) {
        spill.add(hash, key, value);
      }
    }
  }

  @Override
  final boolean tryPlaceIn(ChainTable segment, long hash, Object key, Object value) {
    int choice = segment.shortestChoice(hash);
    if (choice == ChainTable.NONE) {
      return false;
    }
    segment.add(choice, hash, key, value);
    return true;
  }

  @Override
  final void removeFrom(ChainTable segment, int slot) {
    // beyond the heads the chain is found from the key's hash; the key was just found
    segment.removeAt(slot, slot < segment.units() ? 0 : hash(segment.keyAt(slot)));
  }

  // ---- Insertion ----

  @Override
  final void growFor(long hash) {
    grow(segmentOf(hash));
  }

  /** Adds an absent key to the shortest of its chains, or to the overflow area if all are full. */
  @Override
  final void place(long hash, K key, V value) {
    ChainTable segment = segmentOf(hash);
    if (tryPlaceIn(segment, hash, key, value)) {
      added();
      coverIndices(segment.slots()); // its extra region may have grown
    } else {
      addToOverflow(hash, key, value);
    }
  }

  /**
   * Adds an absent key to the chain of its {@code choice}, which {@link #findToInsert} or {@link
   * ChainTable#shortestChoice} named.
   */
  @Override
  final void placeAt(int choice, long hash, K key, V value) {
    addTo(segmentOf(hash), choice, hash, key, value);
  }

  private void addTo(ChainTable segment, int choice, long hash, Object key, Object value) {
    segment.add(choice, hash, key, value);
    added();
    coverIndices(segment.slots()); // its extra region may have grown
  }

  // ---- Statistics ----

  /**
   * Returns a snapshot of the chain lengths and lookup costs.
   *
   * <p>A <em>probe</em> is one chain entry examined (one tag comparison); consulting the overflow
   * area counts as one probe. A successful lookup of a key scans the chains of the choices before
   * its own in full, then its own chain up to the key: {@link LoadStats#meanProbesHit()} averages
   * that over all keys. {@link LoadStats#meanProbesMiss()} is the mean number of chain entries in d
   * buckets chosen independently and uniformly, {@code d * (chained entries / buckets)}, plus one
   * if there is an overflow area. {@link LoadStats#entriesPerChoice()} counts the keys in their
   * first, second, ... choice.
   *
   * <p>Cost: O(size + buckets) time, with one {@code hashCode()} call per key.
   *
   * @return the statistics of this map now
   */
  @Override
  public LoadStats loadStats() {
    long[] histogram = new long[1];
    long[] perChoice = new long[choices];
    long probesHit = 0;
    long chained = 0;
    for (int i = 0; i < segmentCount(); i++) {
      ChainTable segment = segment(i);
      chained += segment.size();
      for (int b = 0; b < segment.units(); b++) {
        int length = segment.chainLength(b);
        if (length >= histogram.length) {
          histogram = Arrays.copyOf(histogram, length + 1);
        }
        histogram[length]++;
        int position = 1;
        for (int slot = length == 0 ? ChainTable.NONE : b;
            slot != ChainTable.NONE;
            slot = segment.successor(slot)) {
          long hash = hash(segment.keyAt(slot));
          int c = 0;
          while (segment.bucketOf(hash, c) != b) {
            probesHit += segment.chainLength(segment.bucketOf(hash, c));
            c++;
          }
          perChoice[c]++;
          probesHit += position++;
        }
      }
    }
    OverflowArea overflow = overflow();
    for (int i = 0; i < overflow.size(); i++) {
      long hash = hash(overflow.keyAt(i));
      ChainTable segment = segmentOf(hash);
      for (int c = 0; c < choices; c++) {
        probesHit += segment.chainLength(segment.bucketOf(hash, c));
      }
      probesHit++;
    }
    double probesMiss = (double) choices * chained / capacity() + (overflow.size() > 0 ? 1 : 0);
    return LoadStats.builder(histogram)
        .entriesPerChoice(perChoice)
        .overflow(overflow.size())
        .meanProbes(size() == 0 ? 0 : (double) probesHit / size(), probesMiss)
        .build();
  }

  // ---- Copying and serialization ----

  @Override
  public ChainedHashMap<K, V> clone() {
    return (ChainedHashMap<K, V>) super.clone();
  }

  @Override
  final SerialForm serialForm(Object source) {
    return SerialForm.chained(source, choices, loadFactor(), hasher(), strategy());
  }
}
