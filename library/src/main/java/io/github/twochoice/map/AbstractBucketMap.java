/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;

/**
 * What {@link DLeftHashMap} and {@link CuckooHashMap} share: a {@link BucketTable} of d choices and
 * b slots per bucket, its settings, and how it grows. Each subclass supplies only its rule for
 * placing a new key in one of its buckets ({@link #placeIn}).
 *
 * <p><b>Growth.</b> The table grows when the keys in its buckets reach the load factor (keys per
 * slot): it doubles while small and, once large, grows by the map's {@link #growth()} factor g (by
 * half by default), so that it stays between 1/g and 1 times its load factor full at every size
 * ({@link Growth}). Every key is hashed again and keeps its choice in the larger table (the map's
 * rule places the few that find that bucket full), which is built completely before it replaces the
 * old one, so a failure (out of memory, a throwing {@code hashCode()}) leaves the map as it was.
 *
 * <p><b>Keys the rule cannot place</b> go to the table's overflow area while it holds fewer than
 * the map's {@link #tolerableOverflow} entries, or while the table is less than half as full as its
 * load factor: then the keys, not the load, are to blame (keys with equal hash codes share all d
 * buckets under every seed, and growing would never help). Otherwise the table grows and the key is
 * placed again. So a flood of equal-hash keys costs O(log n) per operation and never grows the
 * table beyond what the other keys need.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
abstract class AbstractBucketMap<K, V> extends AbstractFlatMap<K, V> {
  private static final long serialVersionUID = 1L;

  /** A key the rule cannot place grows the table at this fraction of the load factor or above. */
  static final double GROW_ON_FAILURE_FRACTION = 0.5;

  /**
   * How many keys a growth hashes before it moves them: the {@code hashCode()} calls of a batch
   * read independent keys in a tight loop, so that their cache misses overlap.
   */
  private static final int GROWTH_BATCH = 64;

  /** The number of buckets each key may live in, d. */
  private final int choices;

  /** The number of slots per bucket, b. */
  private final int slotsPerBucket;

  /** Whether choice i lies in the i-th of d subtables (d-left) rather than anywhere. */
  private final boolean subtables;

  /** Keys per slot at which the table grows. */
  private final double loadFactor;

  /** Turns keys into choices; its seed travels with the serialized map. */
  private final ChoiceHasher hasher;

  /** Whether the table holds values: false under a set. */
  private final boolean storesValues;

  /** The keys' equality, or null for their own {@code equals} and {@code hashCode}. */
  private final HashStrategy<Object> strategy;

  private transient BucketTable table;
  private transient long rehashesForLoad;
  private transient long rehashesForFailedInsert;
  private transient long overflowInsertions;

  AbstractBucketMap(
      BucketMapBuilder<?> builder,
      boolean subtables,
      boolean storesValues,
      HashStrategy<?> strategy) {
    this.choices = builder.choices;
    this.slotsPerBucket = builder.slotsPerBucket;
    this.subtables = subtables;
    this.loadFactor = builder.loadFactor;
    this.hasher = builder.hasher();
    this.storesValues = storesValues;
    this.strategy = KeyEquality.erase(strategy);
    this.table = emptyTable(bucketsPerRangeFor(builder.expectedSize));
  }

  private BucketTable emptyTable(int bucketsPerRange) {
    return new BucketTable(
        choices, slotsPerBucket, subtables, bucketsPerRange, storesValues, strategy);
  }

  /** The buckets per range of a table that holds {@code entries} keys at the load factor. */
  private int bucketsPerRangeFor(int entries) {
    return BucketTable.bucketsPerRangeFor(
        entries, loadFactor, slotsPerBucket, subtables ? choices : 1);
  }

  /**
   * The map's rule: places an absent key with hash {@code hash} in one of its buckets of {@code
   * table}.
   *
   * @return the number of other keys moved to make room (0 for a free slot), or -1 if the rule
   *     cannot place the key; {@code table} is then unchanged
   */
  abstract int placeIn(BucketTable table, long hash, Object key, Object value);

  /**
   * Returns the factor by which the table grows once it is large ({@link Growth}), above 1: by half
   * unless a map says otherwise.
   */
  double growth() {
    return Growth.BY_HALF;
  }

  /**
   * Called after the rule placed a new key (not during growth), with what {@link #placeIn} said.
   */
  void placed(int moves) {}

  /**
   * Returns how many entries the overflow area of {@code table} may hold before a key the rule
   * cannot place makes the table grow instead (if it is at least half as full as its load factor).
   */
  abstract int tolerableOverflow(BucketTable table);

  // ---- Settings ----

  /**
   * Returns the number of buckets each key may live in.
   *
   * @return d, the number of choices
   */
  @Override
  public int choices() {
    return choices;
  }

  /**
   * Returns the number of slots per bucket.
   *
   * @return b
   */
  public int slotsPerBucket() {
    return slotsPerBucket;
  }

  /**
   * Returns the number of keys per slot at which the table grows.
   *
   * @return the load factor
   */
  @Override
  public double loadFactor() {
    return loadFactor;
  }

  /**
   * Returns the seed of this map's hash function.
   *
   * @return the seed
   */
  @Override
  public long seed() {
    return hasher.seed();
  }

  final BucketTable table() {
    return table;
  }

  final ChoiceHasher hasher() {
    return hasher;
  }

  final HashStrategy<Object> strategy() {
    return strategy;
  }

  @Override
  final boolean storesValues() {
    return storesValues;
  }

  final long rehashesForLoad() {
    return rehashesForLoad;
  }

  final long rehashesForFailedInsert() {
    return rehashesForFailedInsert;
  }

  final long overflowInsertions() {
    return overflowInsertions;
  }

  // ---- The placement rule, on the table ----

  @Override
  public int size() {
    return table.size();
  }

  @Override
  final long hash(Object key) {
    return KeyEquality.hash(hasher, strategy, key);
  }

  @Override
  final int find(long hash, Object key) {
    return table.find(hash, key);
  }

  @Override
  final int findToInsert(long hash, Object key) {
    return table.findToInsert(hash, key);
  }

  /**
   * Stores an absent key in {@code bucket}, the less loaded of its two buckets that {@link
   * #findToInsert} named: where both maps' rules put a key whose buckets have room ({@link
   * BucketTable#leastLoadedBucket}).
   */
  @Override
  final void placeAt(int bucket, long hash, K key, V value) {
    table.store(bucket, BucketTable.tagOf(hash), key, value);
    placed(0);
  }

  @Override
  final boolean isFull() {
    return table.sizeInBuckets() >= loadFactor * table.slots();
  }

  @Override
  final void grow() {
    rehashesForLoad++;
    rebuild(nextSize());
  }

  @Override
  final long threshold() {
    return (long) (loadFactor * table.slots());
  }

  @Override
  final void rebuildFor(int entries) {
    int bucketsPerRange = bucketsPerRangeFor(Math.max(entries, size()));
    if (bucketsPerRange != table.bucketsPerRange()) {
      rebuild(bucketsPerRange);
    }
  }

  /** The buckets per range after a growth ({@link Growth#next}). */
  private int nextSize() {
    return Growth.next(table.bucketsPerRange(), table.slots(), growth());
  }

  @Override
  final void place(long hash, K key, V value) {
    int moves;
    while ((moves = placeIn(table, hash, key, value)) < 0) {
      if (table.sizeInBuckets() < GROW_ON_FAILURE_FRACTION * loadFactor * table.slots()
          || table.overflow().size() < tolerableOverflow(table)) {
        table.addToOverflow(hash, key, value);
        overflowInsertions++;
        return;
      }
      rehashesForFailedInsert++;
      rebuild(nextSize());
    }
    placed(moves);
  }

  /**
   * Rebuilds the table with {@code bucketsPerRange} buckets per range, usually more (a growth),
   * sometimes fewer ({@link #rebuildFor}). Each key keeps its choice: the key in bucket k of a
   * range of n buckets goes to bucket ⌊g·n'/2^32⌋ of the new range of n' buckets, which lies
   * between ⌊k·n'/n⌋ and ⌊(k+1)·n'/n⌋, so reading the old table front to back writes the new one
   * front to back too: both stream through memory, and a garbage collector that tracks written
   * cards (G1) sees a card written many times, not once per key. A key whose bucket in the new
   * table is full (a few, when two old buckets feed one new bucket) is placed by the map's rule;
   * the overflow area's keys are placed again too, those that still do not fit into the new
   * overflow area. Keys are hashed {@link #GROWTH_BATCH} at a time before any of them moves. The
   * new table replaces the old one only when it is complete, so a failure (out of memory, a
   * throwing {@code hashCode()}) leaves the map as it was.
   */
  private void rebuild(int bucketsPerRange) {
    BucketTable old = table;
    BucketTable resized = old.resized(bucketsPerRange);
    int[] slots = new int[GROWTH_BATCH];
    long[] hashes = new long[GROWTH_BATCH];
    int batched = 0;
    for (int bucket = 0; bucket < old.buckets(); bucket++) {
      int first = old.firstSlotOf(bucket);
      for (long occupied = old.occupiedFlags(bucket); occupied != 0; occupied &= occupied - 1) {
        int slot = first + (Long.numberOfTrailingZeros(occupied) >>> 3);
        slots[batched] = slot;
        hashes[batched] = hash(old.keyAt(slot));
        if (++batched == GROWTH_BATCH) {
          moveBatch(old, resized, slots, hashes, batched);
          batched = 0;
        }
      }
    }
    moveBatch(old, resized, slots, hashes, batched);
    OverflowArea overflow = old.overflow();
    for (int i = 0; i < overflow.size(); i++) {
      Object key = overflow.keyAt(i);
      placeAgain(resized, hash(key), key, overflow.valueAt(i));
    }
    table = resized;
    modCount++;
  }

  /**
   * Moves the entries of {@code count} slots of {@code old}, whose keys have the given hashes, to
   * the bucket of the same choice in {@code resized}, or by the map's rule where that is full.
   */
  private void moveBatch(
      BucketTable old, BucketTable resized, int[] slots, long[] hashes, int count) {
    for (int i = 0; i < count; i++) {
      int slot = slots[i];
      long hash = hashes[i];
      int sameChoice = old.sameChoiceIn(resized, hash, old.bucketOfSlot(slot));
      if (resized.hasRoom(sameChoice)) {
        resized.store(sameChoice, old.tagAt(slot), old.keyAt(slot), old.valueAt(slot));
      } else {
        placeAgain(resized, hash, old.keyAt(slot), old.valueAt(slot));
      }
    }
  }

  /** Places an entry in {@code resized} by the map's rule, or in its overflow area. */
  private void placeAgain(BucketTable resized, long hash, Object key, Object value) {
    if (placeIn(resized, hash, key, value) < 0) {
      resized.addToOverflow(hash, key, value);
    }
  }

  // ---- Entries by index ----

  @Override
  final int indexLimit() {
    return table.indexLimit();
  }

  @Override
  final boolean isLive(int index) {
    return table.isLive(index);
  }

  @Override
  final int nextLive(int from) {
    return table.nextLive(from);
  }

  @Override
  @SuppressWarnings("unchecked") // only K is ever stored as a key
  final K keyAt(int index) {
    return (K) table.keyAt(index);
  }

  @Override
  @SuppressWarnings("unchecked") // only V is ever stored as a value
  final V valueAt(int index) {
    return (V) table.valueAt(index);
  }

  @Override
  final void setValueAt(int index, V value) {
    table.setValueAt(index, value);
  }

  @Override
  final void removeAt(int index) {
    // An overflow entry's key is hashed to find its home; it was just found, so hashing is cheap.
    table.removeAt(index, index < table.slots() ? 0 : hash(table.keyAt(index)));
    modCount++;
  }

  @Override
  public void clear() {
    table.clear();
    modCount++;
  }

  // ---- Copying and serialization ----

  @Override
  @SuppressWarnings("unchecked") // super.clone() returns an instance of this class
  public AbstractBucketMap<K, V> clone() {
    AbstractBucketMap<K, V> copy = (AbstractBucketMap<K, V>) super.clone();
    copy.table = table.copy();
    return copy;
  }

  @Override
  final SerialForm serialForm(Object source) {
    return SerialForm.bucketed(source, choices, slotsPerBucket, loadFactor, hasher, strategy, 0);
  }
}
