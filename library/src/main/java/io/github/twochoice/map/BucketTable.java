/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;
import java.util.Arrays;

/**
 * One segment of the table under {@link DLeftHashMap} and {@link CuckooHashMap}: d bucket choices
 * per key, b ≤ 8 slots per bucket, a word of tags per bucket. It knows where a key may live and
 * finds it; where a new key goes is the map's rule, which segment a key belongs to is the map's
 * directory ({@link AbstractBucketMap}), and the keys no bucket holds live in the map's overflow
 * area.
 *
 * <p><b>Layout.</b> Think of a slot as an imaginary {@code Slot { byte tag; K key; V value; }}
 * stored in two arrays. Bucket {@code u} owns the {@code long} {@code tags[u]}: byte j is 0 while
 * slot j is free, else {@code 0x80 | t} with t seven bits of the key's hash. The slot's key and
 * value sit side by side at {@code kv[2s]}, {@code kv[2s + 1]}, {@code s = u·b + j}, so a hit reads
 * one cache line of them; a table of keys only (under a set) stores the key at {@code kv[s]}. Slots
 * of a bucket fill in any order and nothing moves when a key is removed. A lookup compares the tags
 * of a bucket all at once ({@link TagWords}) and calls {@code equals} only on a match: 1 in 128 per
 * occupied slot for another key. At a byte per slot the tag words stay in cache where the keys do
 * not (1.2 MB at 10<sup>6</sup> keys).
 *
 * <p><b>Choices.</b> A key's 64-bit hash h gives d choice hashes {@code g_i = h1 + i·h2} ({@link
 * ChoiceHasher#choice}) and its tag (the low 7 bits of {@code g_0}). Choice i is bucket {@code
 * i·stride + ⌊g_i·n / 2^32⌋}: with {@code subtables} (d-left) the table is d ranges of n buckets,
 * left to right, and choice i lies in range i; without them (cuckoo) every choice ranges over all n
 * buckets and the stride is 0. Any n works, so tables grow by any factor.
 *
 * <p><b>Lookup.</b> The first two buckets' tag words are read before any branch, their candidate
 * flags merged into one word, and one loop holds the only {@code equals} call, so the processor can
 * start the next lookup while this one waits for memory and the compiled lookup stays small enough
 * to inline. Buckets 3 to d are searched only when there are more than two choices.
 *
 * <p>Cost: a lookup reads d words of tags (the first two at once) and one key per tag match; no
 * allocation. Memory: 8 bytes per slot for the key and value references (compressed; 4 for keys
 * only), plus one byte of tags per slot.
 */
final class BucketTable extends Segment implements BucketChoices {
  /** The most slots per bucket: one tag byte each in a {@code long}. */
  static final int MAX_SLOTS_PER_BUCKET = 8;

  /** Returns whether a table may have {@code b} slots per bucket: 1, 2, 4 or 8. */
  static boolean isValidSlotsPerBucket(int b) {
    return b >= 1 && b <= MAX_SLOTS_PER_BUCKET && Integer.bitCount(b) == 1;
  }

  /** The most slots a table may have: two references each must fit in an array. */
  static final int MAX_SLOTS = (Integer.MAX_VALUE - 16) / 2;

  /** Returns whether a table may have {@code slots} slots: 1 to {@value #MAX_SLOTS}. */
  static boolean isValidSlotCount(long slots) {
    return slots >= 1 && slots <= MAX_SLOTS;
  }

  private final int choices;
  private final int slotsPerBucket;

  /** log2 of {@link #slotsPerBucket}: a slot's bucket is a shift away. */
  private final int slotShift;

  private final boolean subtables;
  private final int bucketsPerRange;
  private final int stride;
  private final int slots;
  private final long usableSlots;

  /** Byte j of word u: the tag of slot j of bucket u with its high bit set, or 0 if free. */
  private final long[] tags;

  /** Key and value of slot s at 2s and 2s + 1; for keys only, the key at s. */
  private final Object[] kv;

  /** 1 if {@link #kv} holds values, 0 for keys only: slot s's key is at {@code s << keyShift}. */
  private final int keyShift;

  /** The keys' equality, or null for their own {@code equals} and {@code hashCode}. */
  private final HashStrategy<Object> strategy;

  private int size;

  /**
   * Creates an empty table.
   *
   * @param choices d, from 2 to {@value MapBuilder#MAX_CHOICES}
   * @param slotsPerBucket b: 1, 2, 4 or 8
   * @param subtables whether choice i lies in the i-th of d equal ranges (d-left) rather than
   *     anywhere
   * @param bucketsPerRange n, the buckets of a range (of the whole table without subtables)
   * @param storesValues whether slots hold values too (false under a set)
   * @param strategy the keys' equality, or null for their own
   */
  BucketTable(
      int choices,
      int slotsPerBucket,
      boolean subtables,
      int bucketsPerRange,
      boolean storesValues,
      HashStrategy<Object> strategy) {
    int ranges = subtables ? choices : 1;
    long slots = (long) bucketsPerRange * ranges * slotsPerBucket;
    if (bucketsPerRange < 1 || !isValidSlotCount(slots)) {
      throw new IllegalStateException("a table of " + slots + " slots is too large");
    }
    this.choices = choices;
    this.slotsPerBucket = slotsPerBucket;
    this.slotShift = Integer.numberOfTrailingZeros(slotsPerBucket);
    this.subtables = subtables;
    this.bucketsPerRange = bucketsPerRange;
    this.stride = subtables ? bucketsPerRange : 0;
    this.slots = (int) slots;
    this.usableSlots = TagWords.OCCUPIED >>> (8 * (MAX_SLOTS_PER_BUCKET - slotsPerBucket));
    this.tags = new long[bucketsPerRange * ranges];
    this.keyShift = storesValues ? 1 : 0;
    this.strategy = strategy;
    this.kv = new Object[(int) slots << keyShift];
  }

  /** Returns an empty table like this one with {@code bucketsPerRange} buckets per range. */
  BucketTable resized(int bucketsPerRange) {
    return new BucketTable(
        choices, slotsPerBucket, subtables, bucketsPerRange, keyShift != 0, strategy);
  }

  /** Returns the bucket count per range that holds {@code entries} at {@code load} per slot. */
  static int bucketsPerRangeFor(long entries, double load, int slotsPerBucket, int ranges) {
    double buckets = Math.ceil(entries / (load * slotsPerBucket * ranges));
    int mostBuckets = MAX_SLOTS / (slotsPerBucket * ranges); // whole buckets: rounded down
    return (int) Math.max(1, Math.min(mostBuckets, buckets));
  }

  @Override
  public int choices() {
    return choices;
  }

  @Override
  public int slotsPerBucket() {
    return slotsPerBucket;
  }

  int bucketsPerRange() {
    return bucketsPerRange;
  }

  @Override
  int units() {
    return bucketsPerRange;
  }

  @Override
  int capacity() {
    return slots;
  }

  /** Returns the number of buckets. */
  int buckets() {
    return tags.length;
  }

  /** Returns the number of slots. */
  @Override
  int slots() {
    return slots;
  }

  /** Returns the number of keys. */
  @Override
  int size() {
    return size;
  }

  // ---- Where a key may live ----

  /** Returns the bucket of choice {@code i} of a key with 64-bit hash {@code hash}. */
  @Override
  public int bucketOf(long hash, int i) {
    return i * stride + reduce(ChoiceHasher.choice(hash, i));
  }

  /** Maps a 32-bit choice hash to {@code [0, n)}: the high half of its product with n. */
  private int reduce(int choiceHash) {
    return (int) (((choiceHash & 0xFFFF_FFFFL) * bucketsPerRange) >>> 32);
  }

  /** Returns the tag byte of a key with hash {@code hash}: 7 bits of it, high bit set. */
  static int tagOf(long hash) {
    return ChoiceHasher.tag(ChoiceHasher.choice(hash, 0));
  }

  /** Returns the number of keys in {@code bucket}. */
  @Override
  public int loadOf(int bucket) {
    return TagWords.loadOf(tags[bucket]);
  }

  /** Returns the occupied flags of {@code bucket}: bit 7 of byte j set iff slot j holds a key. */
  long occupiedFlags(int bucket) {
    return tags[bucket] & TagWords.OCCUPIED;
  }

  /** Returns the bucket of {@code slot}. */
  int bucketOfSlot(int slot) {
    return slot >>> slotShift;
  }

  /** Returns the first slot of {@code bucket}. */
  int firstSlotOf(int bucket) {
    return bucket << slotShift;
  }

  /** Returns the tag byte stored for the key in {@code slot}. */
  int tagAt(int slot) {
    return (int) (tags[slot >>> slotShift] >>> (8 * (slot & (slotsPerBucket - 1)))) & 0xFF;
  }

  /**
   * Returns the bucket of {@code larger} of the same choice of a key with hash {@code hash} as
   * {@code bucket} of this table (the first such choice if several). The first two choices are
   * selected without a branch: which of them a key lives in is a coin toss a branch would
   * mispredict half the time.
   */
  int sameChoiceIn(BucketTable larger, long hash, int bucket) {
    boolean first = bucketOf(hash, 0) == bucket;
    int sameChoice = first ? larger.bucketOf(hash, 0) : larger.bucketOf(hash, 1);
    if (choices > 2 && !first && bucketOf(hash, 1) != bucket) {
      int i = 2;
      while (bucketOf(hash, i) != bucket) {
        i++;
      }
      sameChoice = larger.bucketOf(hash, i);
    }
    return sameChoice;
  }

  /** Returns whether {@code bucket} has a free slot. */
  boolean hasRoom(int bucket) {
    return (~tags[bucket] & usableSlots) != 0;
  }

  // ---- Lookup ----

  /** Returns the index of the entry holding {@code key} (hash {@code hash}), or -1. */
  @Override
  int find(long hash, Object key) {
    return search(hash, key, false);
  }

  /**
   * Returns the index of the entry holding {@code key} (hash {@code hash}), or a negative number if
   * the table does not hold it: {@code -2 - b} when the key has two buckets and b is the less
   * loaded of them (the first on ties) and has a free slot, which is where {@link
   * #leastLoadedBucket} would put it; -1 otherwise. Both words were read for the search, so the
   * write that follows a miss reads neither again.
   */
  @Override
  int findToInsert(long hash, Object key) {
    return search(hash, key, true);
  }

  /**
   * {@link #find}, and with {@code nameTarget} {@link #findToInsert}: a constant in each, so that
   * the compiled lookup of a read keeps none of the writes' work.
   */
  private int search(long hash, Object key, boolean nameTarget) {
    long pattern = TagWords.repeated(tagOf(hash));
    long[] words = tags;
    int bucket0 = bucketOf(hash, 0);
    int bucket1 = bucketOf(hash, 1);
    long word0 = words[bucket0];
    long word1 = words[bucket1];
    long candidates = TagWords.matches(word0, pattern) | TagWords.matches(word1, pattern) >>> 1;
    for (; candidates != 0; candidates &= candidates - 1) {
      int slot =
          TagWords.candidateSlot(
              Long.numberOfTrailingZeros(candidates), bucket0 << slotShift, bucket1 << slotShift);
      if (KeyEquality.same(strategy, key, kv[slot << keyShift])) {
        return slot;
      }
    }
    if (choices > 2) {
      return findBeyondTwoBuckets(hash, key, pattern);
    } else if (!nameTarget) {
      return -1;
    }
    // selected without a branch: which bucket is less loaded is a coin toss
    int load0 = TagWords.loadOf(word0);
    int load1 = TagWords.loadOf(word1);
    int lessLoaded = load1 < load0 ? bucket1 : bucket0;
    return Math.min(load0, load1) < slotsPerBucket ? -2 - lessLoaded : -1;
  }

  /** The rest of {@link #find}: buckets of choices 2 to d - 1. */
  private int findBeyondTwoBuckets(long hash, Object key, long pattern) {
    for (int i = 2; i < choices; i++) {
      int bucket = bucketOf(hash, i);
      for (long m = TagWords.matches(tags[bucket], pattern); m != 0; m &= m - 1) {
        int slot = (bucket << slotShift) + (Long.numberOfTrailingZeros(m) >>> 3);
        if (KeyEquality.same(strategy, key, kv[slot << keyShift])) {
          return slot;
        }
      }
    }
    return -1;
  }

  // ---- Entries by slot ----

  @Override
  boolean isLive(int slot) {
    return (tags[slot >>> slotShift] & occupiedBit(slot)) != 0;
  }

  /** Returns the first occupied slot at or after {@code from}, or {@link #slots()}. */
  @Override
  int nextLive(int from) {
    if (from >= slots) {
      return slots;
    }
    int bucket = from >>> slotShift;
    long occupied = tags[bucket] & TagWords.OCCUPIED & -occupiedBit(from);
    while (occupied == 0) {
      if (++bucket == tags.length) {
        return slots;
      }
      occupied = tags[bucket] & TagWords.OCCUPIED;
    }
    return (bucket << slotShift) + (Long.numberOfTrailingZeros(occupied) >>> 3);
  }

  /** The occupied flag of a slot in its bucket's word. */
  private long occupiedBit(int slot) {
    return 0x80L << (8 * (slot & (slotsPerBucket - 1)));
  }

  @Override
  Object keyAt(int slot) {
    return kv[slot << keyShift];
  }

  /** Returns the value of {@code slot}: null in a table of keys only. */
  @Override
  Object valueAt(int slot) {
    return keyShift == 0 ? null : kv[2 * slot + 1];
  }

  /** Sets the value of {@code slot}; a table of keys only keeps none. */
  @Override
  void setValueAt(int slot, Object value) {
    if (keyShift != 0) {
      kv[2 * slot + 1] = value;
    }
  }

  // ---- Changes ----

  /** Stores a new entry in a free slot of {@code bucket}. */
  void store(int bucket, int tag, Object key, Object value) {
    long word = tags[bucket];
    int j = Long.numberOfTrailingZeros(~word & usableSlots) >>> 3;
    tags[bucket] = word | (tag & 0xFFL) << (8 * j);
    int slot = (bucket << slotShift) + j;
    kv[slot << keyShift] = key;
    if (keyShift != 0) {
      kv[2 * slot + 1] = value;
    }
    size++;
  }

  /** Moves the entry of {@code slot} to a free slot of {@code bucket}. */
  void move(int slot, int bucket) {
    int tag = tagAt(slot);
    Object key = keyAt(slot);
    Object value = valueAt(slot);
    removeAt(slot);
    store(bucket, tag, key, value);
  }

  /** Removes the entry of a slot; no other entry moves. */
  void removeAt(int index) {
    tags[index >>> slotShift] &= ~(0xFFL << (8 * (index & (slotsPerBucket - 1))));
    kv[index << keyShift] = null;
    if (keyShift != 0) {
      kv[2 * index + 1] = null;
    }
    size--;
  }

  @Override
  void clear() {
    Arrays.fill(tags, 0L);
    Arrays.fill(kv, null);
    size = 0;
  }

  @Override
  BucketTable copy() {
    BucketTable copy = resized(bucketsPerRange);
    System.arraycopy(tags, 0, copy.tags, 0, tags.length);
    System.arraycopy(kv, 0, copy.kv, 0, kv.length);
    copy.size = size;
    copy.placeLike(this);
    return copy;
  }
}
