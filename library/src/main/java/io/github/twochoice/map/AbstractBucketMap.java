/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

/**
 * What {@link DLeftHashMap} and {@link CuckooHashMap} share: a table of d choices and b slots per
 * bucket, cut into segments of {@link BucketTable}s that grow one at a time ({@link
 * AbstractSegmentedMap}), and its settings. Each subclass supplies only its rule for placing a new
 * key in one of its buckets ({@link #placeIn}).
 *
 * <p><b>Growth.</b> A segment's growth moves each key to the bucket of the same choice in its new
 * segment if it has room, else places it by the map's rule.
 *
 * <p><b>Keys the rule cannot place</b> in their segment make the segment grow, and are placed
 * again, unless the segment is less than half as full as its load factor (then the keys, not the
 * load, are to blame: keys with equal hash codes share all d buckets under every seed, and growing
 * would never help), the map tolerates more keys in its overflow area ({@link #tolerableOverflow}),
 * or the segment already holds its share of a map filling the size it was presized for (the keys'
 * shares of the segments vary around their mean, and the table was sized for all of them): then the
 * key goes to the map's overflow area, and a growing segment takes back up to a 32nd of its slots
 * of its keys there.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
abstract class AbstractBucketMap<K, V> extends AbstractSegmentedMap<K, V, BucketTable> {
  private static final long serialVersionUID = 1L;

  /** A key the rule cannot place grows its segment at this fraction of the load factor or above. */
  static final double GROW_ON_FAILURE_FRACTION = 0.5;

  /** The number of buckets each key may live in, d. */
  private final int choices;

  /** The number of slots per bucket, b. */
  private final int slotsPerBucket;

  /** Whether choice i lies in the i-th of d subtables (d-left) rather than anywhere. */
  private final boolean subtables;

  private transient long rehashesForLoad;
  private transient long rehashesForFailedInsert;
  private transient long overflowInsertions;

  AbstractBucketMap(
      BucketMapBuilder<?> builder,
      boolean subtables,
      boolean storesValues,
      HashStrategy<?> strategy) {
    super(builder.loadFactor, builder.hasher(), storesValues, strategy);
    this.choices = builder.choices;
    this.slotsPerBucket = builder.slotsPerBucket;
    this.subtables = subtables;
    allocate(builder.expectedSize);
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
   * Called after the rule placed a new key (not during growth), with what {@link #placeIn} said.
   */
  void placed(int moves) {}

  /**
   * Returns how many entries the overflow area may hold before a key the rule cannot place makes
   * its segment grow instead (if the segment is at least half as full as its load factor).
   */
  abstract int tolerableOverflow();

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

  final long rehashesForLoad() {
    return rehashesForLoad;
  }

  final long rehashesForFailedInsert() {
    return rehashesForFailedInsert;
  }

  final long overflowInsertions() {
    return overflowInsertions;
  }

  /** Returns the number of buckets of all segments. */
  final long buckets() {
    return capacity() / slotsPerBucket;
  }

  // ---- The segments ----

  @Override
  final BucketTable emptySegment(int bucketsPerRange, long entries) {
    return new BucketTable(
        choices, slotsPerBucket, subtables, bucketsPerRange, storesValues(), strategy());
  }

  @Override
  final int unitsFor(long entries) {
    return BucketTable.bucketsPerRangeFor(
        entries, loadFactor(), slotsPerBucket, subtables ? choices : 1);
  }

  @Override
  final int capacityPerUnit() {
    return (subtables ? choices : 1) * slotsPerBucket;
  }

  /**
   * Moves every key of {@code from} to {@code low} if the hash has {@code bit} clear, else to
   * {@code high}: to the bucket of the same choice there if it has room, else by the map's rule;
   * keys the rule cannot place go to {@code spill}. Keys are hashed {@value #GROWTH_BATCH} at a
   * time before any of them moves.
   */
  @Override
  final void moveEntries(
      BucketTable from, BucketTable low, BucketTable high, int bit, Spill spill) {
    int[] batchSlots = new int[GROWTH_BATCH];
    long[] hashes = new long[GROWTH_BATCH];
    int batched = 0;
    for (int slot = from.nextLive(0); slot < from.slots(); slot = from.nextLive(slot + 1)) {
      batchSlots[batched] = slot;
      hashes[batched] = hash(from.keyAt(slot));
      if (++batched == GROWTH_BATCH) {
        moveBatch(from, low, high, bit, batchSlots, hashes, batched, spill);
        batched = 0;
      }
    }
    moveBatch(from, low, high, bit, batchSlots, hashes, batched, spill);
  }

  private void moveBatch(
      BucketTable from,
      BucketTable low,
      BucketTable high,
      int bit,
      int[] batchSlots,
      long[] hashes,
      int count,
      Spill spill) {
    for (int i = 0; i < count; i++) {
      int slot = batchSlots[i];
      long hash = hashes[i];
      BucketTable to = ((int) hash & bit) == 0 ? low : high;
      int sameChoice = from.sameChoiceIn(to, hash, from.bucketOfSlot(slot));
      Object key = from.keyAt(slot);
      Object value = from.valueAt(slot);
      if (to.hasRoom(sameChoice)) {
        to.store(sameChoice, from.tagAt(slot), key, value);
      } else if (placeIn(to, hash, key, value) < 0) {
        spill.add(hash, key, value);
      }
    }
  }

  /**
   * A thirty-second of a new segment's slots: the keys of a segment that went to the overflow area
   * because their buckets were full go back to its larger successors, so that the area holds what
   * the rule leaves out between two growths, not every key it ever left out.
   */
  @Override
  final int overflowRetries(int capacity) {
    return capacity / 32;
  }

  @Override
  final boolean tryPlaceIn(BucketTable segment, long hash, Object key, Object value) {
    return placeIn(segment, hash, key, value) >= 0;
  }

  @Override
  final void removeFrom(BucketTable segment, int slot) {
    segment.removeAt(slot);
  }

  // ---- The placement rule, on the segments ----

  /**
   * Stores an absent key in bucket {@code target} of its segment, the less loaded of its two
   * buckets that {@link #findToInsert} named: where both maps' rules put a key whose buckets have
   * room ({@link BucketTable#leastLoadedBucket}).
   */
  @Override
  final void placeAt(int target, long hash, K key, V value) {
    segmentOf(hash).store(target, BucketTable.tagOf(hash), key, value);
    added();
    placed(0);
  }

  @Override
  final void growFor(long hash) {
    rehashesForLoad++;
    grow(segmentOf(hash));
  }

  @Override
  final void place(long hash, K key, V value) {
    BucketTable segment = segmentOf(hash);
    int moves;
    while ((moves = placeIn(segment, hash, key, value)) < 0) {
      if (segment.size() < GROW_ON_FAILURE_FRACTION * loadFactor() * segment.slots()
          || overflow().size() < tolerableOverflow()
          || (isFillingPresized() && segment.size() >= loadFactor() * segment.slots())) {
        addToOverflow(hash, key, value);
        overflowInsertions++;
        return;
      }
      rehashesForFailedInsert++;
      grow(segment);
      segment = segmentOf(hash);
    }
    added();
    placed(moves);
  }

  @Override
  final SerialForm serialForm(Object source) {
    return SerialForm.bucketed(
        source, choices, slotsPerBucket, loadFactor(), hasher(), strategy(), 0);
  }

  @Override
  public AbstractBucketMap<K, V> clone() {
    return (AbstractBucketMap<K, V>) super.clone();
  }
}
