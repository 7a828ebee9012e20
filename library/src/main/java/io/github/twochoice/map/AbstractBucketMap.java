/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;
import java.util.Arrays;

/**
 * What {@link DLeftHashMap} and {@link CuckooHashMap} share: a table of d choices and b slots per
 * bucket, cut into segments that grow one at a time, its settings, and its overflow area. Each
 * subclass supplies only its rule for placing a new key in one of its buckets ({@link #placeIn}).
 *
 * <p><b>Segments.</b> The table is a directory of segments, each a {@link BucketTable} of its own
 * (extendible hashing: Fagin, Nievergelt, Pippenger and Strong, "Extendible hashing", 1979). The
 * low D bits of a key's 64-bit hash pick one of the directory's 2<sup>D</sup> entries, which names
 * the key's segment; a segment of depth ℓ ≤ D holds the keys whose hashes end in its ℓ-bit pattern,
 * and 2<sup>D − ℓ</sup> entries name it. A key's d choices are buckets of its segment, chosen by
 * the high half of its hash and the product of both halves ({@link ChoiceHasher#choice}), which the
 * low bits do not decide: within a segment the keys are placed as in one table of that size, and
 * the theory of d choices holds in every segment.
 *
 * <p><b>Growth without a pause.</b> A segment grows when its keys reach the load factor (keys per
 * slot): it is rebuilt larger, doubling while the map is small and once large by the map's {@link
 * #growth()} factor g (by half by default, {@link Growth}), or, when it would pass {@value
 * #SPLIT_SLOTS} slots, split in two by one more bit of the hash, each half holding half of the
 * grown size. The directory doubles when a segment as deep as it splits (an array copy of one
 * reference per entry). So a growth moves the keys of one segment, a few thousand at most, whatever
 * the size of the map: the slowest {@code put} does not grow with the map, and every segment stays
 * between 1/g and 1 times the load factor full, as one table growing by g would. A growth hashes
 * the keys it moves again (the table keeps no hashes: 9 bytes per slot, not 13), {@value
 * #GROWTH_BATCH} at a time so that their cache misses overlap, and each key first tries the bucket
 * of the same choice in its new segment; the new segments replace the old one only when complete,
 * so a failure (out of memory, a throwing {@code hashCode()}) leaves the map as it was.
 *
 * <p><b>Shrinking without a pause.</b> A removal through the map that leaves its segment below a
 * quarter of the load factor merges the segment with its buddy (the segment that differs in the
 * last bit of its pattern) when both fit in one segment half full, or else rebuilds it half full;
 * the directory halves when no segment is as deep as it.
 *
 * <p><b>Keys the rule cannot place</b> in their segment make the segment grow, and are placed
 * again, unless the segment is less than half as full as its load factor (then the keys, not the
 * load, are to blame: keys with equal hash codes share all d buckets under every seed, and growing
 * would never help) or the map tolerates more keys in its overflow area ({@link
 * #tolerableOverflow}): then the key goes to the map's {@link OverflowArea}, O(log n) per operation
 * for {@code Comparable} keys. A lookup consults the area only if one of its keys has the same
 * {@link #homeOf home}, 16 bits of the hash, so a few keys there do not slow down the others. The
 * area's keys stay there until they are removed or the whole table is rebuilt ({@link
 * #rebuildFor}).
 *
 * <p><b>Entry indices.</b> Slot s of segment number i is entry {@code i << k | s}, with
 * 2<sup>k</sup> the slots of the largest segment rounded up to a power of two, so that the indices
 * are at least half used and a spliterator's halves hold entries; the overflow area's entries
 * follow the last segment's range.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
abstract class AbstractBucketMap<K, V> extends AbstractFlatMap<K, V> {
  private static final long serialVersionUID = 1L;

  /** A key the rule cannot place grows its segment at this fraction of the load factor or above. */
  static final double GROW_ON_FAILURE_FRACTION = 0.5;

  /**
   * How many keys a growth hashes before it moves them: the {@code hashCode()} calls of a batch
   * read independent keys in a tight loop, so that their cache misses overlap.
   */
  private static final int GROWTH_BATCH = 64;

  /** The most slots of a segment. */
  static final int MOST_SEGMENT_SLOTS = 1 << 13;

  /**
   * A segment that would grow past this many slots splits in two instead: a growth then moves at
   * most about as many keys, tens of microseconds of work, and the directory of a map of
   * 10<sup>7</sup> keys has a few thousand entries.
   */
  static final int SPLIT_SLOTS = 1 << 12;

  /** The most segments: with {@link #MOST_SEGMENT_SLOTS} each, 2<sup>30</sup> slots. */
  static final int MOST_SEGMENTS = 1 << 17;

  /** The number of buckets each key may live in, d. */
  private final int choices;

  /** The number of slots per bucket, b. */
  private final int slotsPerBucket;

  /** Whether choice i lies in the i-th of d subtables (d-left) rather than anywhere. */
  private final boolean subtables;

  /** Keys per slot at which a segment grows. */
  private final double loadFactor;

  /** Turns keys into choices; its seed travels with the serialized map. */
  private final ChoiceHasher hasher;

  /** Whether the table holds values: false under a set. */
  private final boolean storesValues;

  /** The keys' equality, or null for their own {@code equals} and {@code hashCode}. */
  private final HashStrategy<Object> strategy;

  /** Entry j names the segment of the keys whose hashes end in the bits of j. */
  private transient BucketTable[] directory;

  /** The segments by number, {@code [0, segmentCount)}. */
  private transient BucketTable[] segments;

  private transient int segmentCount;

  /** log2 of the entry indices each segment owns: at least the slots of the largest. */
  private transient int indexShift;

  /** How many segments have each depth: the directory halves when none is as deep as it. */
  private transient int[] segmentsOfDepth;

  /** The slots of all segments. */
  private transient long slots;

  /** Entries in segments and in the overflow area. */
  private transient int size;

  /**
   * The entries the table was sized for: below them no segment grows for its load, as the keys'
   * shares of the segments vary around their mean; 0 once a segment has grown or shrunk.
   */
  private transient int presizedFor;

  private transient OverflowArea overflow;
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
   * Returns the factor by which a segment grows once the map is large ({@link Growth}), above 1: by
   * half unless a map says otherwise.
   */
  double growth() {
    return Growth.BY_HALF;
  }

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

  /**
   * Returns the number of keys per slot at which a segment grows.
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

  /** Returns the number of segments. */
  final int segmentCount() {
    return segmentCount;
  }

  /** Returns segment number {@code i}, from 0. */
  final BucketTable segment(int i) {
    return segments[i];
  }

  /** Returns the segment of the keys with hash {@code hash}. */
  final BucketTable segmentOf(long hash) {
    BucketTable[] d = directory;
    return d[(int) hash & (d.length - 1)];
  }

  /** Returns the number of entries of the directory: 2<sup>D</sup>. */
  final int directorySize() {
    return directory.length;
  }

  final OverflowArea overflow() {
    return overflow;
  }

  /** Returns the number of buckets of all segments. */
  final long buckets() {
    return slots / slotsPerBucket;
  }

  /**
   * The home of a key in the overflow area: 16 bits of its hash, which neither its segment (the low
   * bits) nor, below 2<sup>16</sup> buckets per segment, its choices depend on alone.
   */
  static int homeOf(long hash) {
    return (int) (hash >>> 48);
  }

  // ---- The directory ----

  /**
   * Replaces the segments by empty ones that hold {@code entries} keys at the load factor: the
   * buckets of one table of that size, shared out among a power of two of segments of at most
   * {@link #SPLIT_SLOTS} slots. No segment grows for its load before the map holds that many keys
   * ({@link #presizedFor}). Nothing changes if an allocation fails.
   */
  private void allocate(int entries) {
    int ranges = subtables ? choices : 1;
    int wholeTable = bucketsPerRangeFor(entries);
    int count = 1;
    while ((long) wholeTable * ranges * slotsPerBucket / count > SPLIT_SLOTS
        && count < Math.min(MOST_SEGMENTS, wholeTable)) {
      count *= 2;
    }
    BucketTable[] newSegments = new BucketTable[Math.max(4, count)];
    int shift = 0;
    for (int i = 0; i < count; i++) {
      // the first (wholeTable mod count) segments take one bucket per range more
      BucketTable segment = emptySegment(wholeTable / count + (i < wholeTable % count ? 1 : 0));
      shift = Math.max(shift, 32 - Integer.numberOfLeadingZeros(segment.slots() - 1));
      newSegments[i] = segment;
    }
    for (int i = 0; i < count; i++) {
      newSegments[i].indexBase = i << shift;
      newSegments[i].depth = Integer.numberOfTrailingZeros(count);
      newSegments[i].pattern = i;
    }
    OverflowArea newOverflow = new OverflowArea(1 << 16, strategy);
    directory = Arrays.copyOf(newSegments, count);
    segments = newSegments;
    segmentCount = count;
    indexShift = shift;
    segmentsOfDepth = new int[32];
    segmentsOfDepth[Integer.numberOfTrailingZeros(count)] = count;
    slots = (long) wholeTable * ranges * slotsPerBucket;
    size = 0;
    presizedFor = entries;
    overflow = newOverflow;
  }

  private BucketTable emptySegment(int bucketsPerRange) {
    return new BucketTable(
        choices, slotsPerBucket, subtables, bucketsPerRange, storesValues, strategy);
  }

  /** The buckets per range of a segment that holds {@code entries} keys at the load factor. */
  private int bucketsPerRangeFor(long entries) {
    return BucketTable.bucketsPerRangeFor(
        entries, loadFactor, slotsPerBucket, subtables ? choices : 1);
  }

  /** The slot of an entry index within its segment. */
  private int slotMask() {
    return (1 << indexShift) - 1;
  }

  /**
   * Makes every segment's index range at least {@code segmentSlots} long, renumbering the entries
   * of all segments if it was shorter.
   */
  private void coverIndices(int segmentSlots) {
    int shift = 32 - Integer.numberOfLeadingZeros(segmentSlots - 1);
    if (shift > indexShift) {
      indexShift = shift;
      for (int i = 0; i < segmentCount; i++) {
        segments[i].indexBase = i << shift;
      }
    }
  }

  /** Returns the segment that holds entry {@code index} (below {@link #overflowBase()}). */
  private BucketTable segmentAt(int index) {
    return segments[index >>> indexShift];
  }

  /** Returns the entry index of the overflow area's first entry. */
  private int overflowBase() {
    return segmentCount << indexShift;
  }

  /** Makes {@code segment} the one named by every directory entry of its pattern and depth. */
  private void enter(BucketTable segment) {
    BucketTable[] d = directory;
    for (int j = segment.pattern; j < d.length; j += 1 << segment.depth) {
      d[j] = segment;
    }
  }

  /** Puts {@code replacement} in the place of {@code segment}: same number, pattern and depth. */
  private void replace(BucketTable segment, BucketTable replacement) {
    coverIndices(replacement.slots());
    replacement.indexBase = segment.indexBase;
    replacement.pattern = segment.pattern;
    replacement.depth = segment.depth;
    segments[segment.indexBase >>> indexShift] = replacement;
    enter(replacement);
    slots += replacement.slots() - segment.slots();
  }

  // ---- Growth and shrinking, one segment at a time ----

  /**
   * Grows one segment: rebuilt with more buckets, or split in two when it would pass {@link
   * #SPLIT_SLOTS} slots.
   */
  private void grow(BucketTable segment) {
    presizedFor = 0;
    int grown = Growth.next(segment.bucketsPerRange(), slots, growth());
    long grownSlots = (long) grown * (segment.slots() / segment.bucketsPerRange());
    if (grownSlots > SPLIT_SLOTS && segmentCount < MOST_SEGMENTS) {
      split(segment, (grown + 1) / 2);
    } else if (grownSlots <= MOST_SEGMENT_SLOTS) {
      rebuild(segment, grown);
    } else {
      throw new IllegalStateException("map is full: " + size + " entries");
    }
    modCount++;
  }

  /** Rebuilds {@code segment} with {@code bucketsPerRange} buckets per range, more or fewer. */
  private void rebuild(BucketTable segment, int bucketsPerRange) {
    BucketTable rebuilt = emptySegment(bucketsPerRange);
    Spill spill = new Spill();
    moveEntries(segment, rebuilt, rebuilt, 0, spill);
    replace(segment, rebuilt);
    spill.addTo(overflow);
  }

  /**
   * Splits {@code segment} in two by the next bit of the hash, each half of {@code bucketsPerRange}
   * buckets per range, doubling the directory first if the segment is as deep as it.
   */
  private void split(BucketTable segment, int bucketsPerRange) {
    int bit = 1 << segment.depth;
    BucketTable low = emptySegment(bucketsPerRange);
    BucketTable high = emptySegment(bucketsPerRange);
    Spill spill = new Spill();
    moveEntries(segment, low, high, bit, spill);
    BucketTable[] larger = segments;
    if (segmentCount == segments.length) {
      larger = Arrays.copyOf(segments, 2 * segmentCount);
    }
    if (bit == directory.length) {
      BucketTable[] doubled = Arrays.copyOf(directory, 2 * bit);
      System.arraycopy(directory, 0, doubled, bit, bit);
      directory = doubled;
    }
    segments = larger;
    replace(segment, low);
    high.indexBase = segmentCount << indexShift;
    high.pattern = segment.pattern | bit;
    segments[segmentCount++] = high;
    low.depth = segment.depth + 1;
    high.depth = low.depth;
    enter(low);
    enter(high);
    slots += high.slots();
    segmentsOfDepth[segment.depth]--;
    segmentsOfDepth[low.depth] += 2;
    spill.addTo(overflow);
  }

  /**
   * Merges two buddies, {@code segment} and {@code buddy}, one level less deep, in one segment of
   * {@code bucketsPerRange} buckets per range; the number of the higher goes to the last segment.
   */
  private void merge(BucketTable segment, BucketTable buddy, int bucketsPerRange) {
    BucketTable first = segment.indexBase < buddy.indexBase ? segment : buddy;
    BucketTable second = first == segment ? buddy : segment;
    BucketTable merged = emptySegment(bucketsPerRange);
    Spill spill = new Spill();
    moveEntries(first, merged, merged, 0, spill);
    moveEntries(second, merged, merged, 0, spill);
    int depth = segment.depth - 1;
    replace(first, merged);
    merged.depth = depth;
    merged.pattern = segment.pattern & ((1 << depth) - 1);
    enter(merged);
    slots -= second.slots();
    BucketTable last = segments[--segmentCount];
    if (last != second) {
      last.indexBase = second.indexBase;
      segments[second.indexBase >>> indexShift] = last;
    }
    segments[segmentCount] = null;
    segmentsOfDepth[depth + 1] -= 2;
    segmentsOfDepth[depth]++;
    int directoryDepth = Integer.numberOfTrailingZeros(directory.length);
    if (directoryDepth > 0 && segmentsOfDepth[directoryDepth] == 0) {
      directory = Arrays.copyOf(directory, directory.length / 2);
    }
    spill.addTo(overflow);
  }

  /**
   * Moves every key of {@code from} to {@code low} if the hash has {@code bit} clear, else to
   * {@code high}: to the bucket of the same choice there if it has room, else by the map's rule;
   * keys the rule cannot place go to {@code spill}. Keys are hashed {@value #GROWTH_BATCH} at a
   * time before any of them moves. {@code from} is not changed.
   */
  private void moveEntries(
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

  /** Keys a growth could not place, added to the overflow area once the growth is complete. */
  private static final class Spill {
    private long[] hashes = new long[0];
    private Object[] entries = new Object[0];
    private int count;

    void add(long hash, Object key, Object value) {
      if (count == hashes.length) {
        hashes = Arrays.copyOf(hashes, Math.max(4, 2 * count));
        entries = Arrays.copyOf(entries, 2 * hashes.length);
      }
      hashes[count] = hash;
      entries[2 * count] = key;
      entries[2 * count + 1] = value;
      count++;
    }

    void addTo(OverflowArea overflow) {
      for (int i = 0; i < count; i++) {
        overflow.add(entries[2 * i], entries[2 * i + 1], homeOf(hashes[i]));
      }
    }
  }

  /**
   * Shrinks the segment that held entry {@code index} if it is below a quarter of the load factor:
   * merged with its buddy if both fit in one segment half full, else rebuilt half full unless it is
   * one of the smallest ({@link #SHRINK_FLOOR}).
   */
  @Override
  final void shrinkAfterRemovalAt(int index) {
    if (index >= overflowBase()) {
      return;
    }
    BucketTable segment = segmentAt(index);
    double threshold = loadFactor * segment.slots();
    if (segment.size() >= threshold / SHRINK_BELOW_FRACTION_INVERSE) {
      return;
    }
    presizedFor = 0;
    if (segment.depth > 0) {
      BucketTable buddy = directory[segment.pattern ^ (1 << (segment.depth - 1))];
      int bucketsPerRange = bucketsPerRangeFor(2L * (segment.size() + buddy.size()));
      if (buddy.depth == segment.depth
          && (long) bucketsPerRange * (segment.slots() / segment.bucketsPerRange())
              <= SPLIT_SLOTS) {
        merge(segment, buddy, bucketsPerRange);
        modCount++;
        return;
      }
    }
    int bucketsPerRange = bucketsPerRangeFor(2L * segment.size());
    if (threshold > SHRINK_FLOOR && bucketsPerRange < segment.bucketsPerRange()) {
      rebuild(segment, bucketsPerRange);
      modCount++;
    }
  }

  /**
   * Rebuilds the whole table for {@code entries} keys (at least {@link #size()}), larger or
   * smaller: presizing before a large {@code putAll}, {@link #trim()}. Every key, those in the
   * overflow area too, is placed again by the rule; if anything fails, the map is as it was.
   */
  @Override
  final void rebuildFor(int entries) {
    BucketTable[] oldSegments = segments;
    int oldCount = segmentCount;
    BucketTable[] oldDirectory = directory;
    int[] oldDepths = segmentsOfDepth;
    long oldSlots = slots;
    int oldSize = size;
    OverflowArea oldOverflow = overflow;
    allocate(Math.max(entries, size));
    try {
      for (int i = 0; i < oldCount; i++) {
        BucketTable segment = oldSegments[i];
        for (int s = segment.nextLive(0); s < segment.slots(); s = segment.nextLive(s + 1)) {
          Object key = segment.keyAt(s);
          placeAgain(hash(key), key, segment.valueAt(s));
        }
      }
      for (int i = 0; i < oldOverflow.size(); i++) {
        Object key = oldOverflow.keyAt(i);
        placeAgain(hash(key), key, oldOverflow.valueAt(i));
      }
    } catch (RuntimeException | Error e) {
      segments = oldSegments;
      segmentCount = oldCount;
      directory = oldDirectory;
      segmentsOfDepth = oldDepths;
      slots = oldSlots;
      size = oldSize;
      overflow = oldOverflow;
      throw e;
    }
    modCount++;
  }

  @SuppressWarnings("unchecked") // the entries come from this map
  private void placeAgain(long hash, Object key, Object value) {
    place(hash, (K) key, (V) value);
  }

  // ---- The placement rule, on the segments ----

  @Override
  public int size() {
    return size;
  }

  @Override
  final long hash(Object key) {
    return KeyEquality.hash(hasher, strategy, key);
  }

  @Override
  final int find(long hash, Object key) {
    BucketTable segment = segmentOf(hash);
    int slot = segment.find(hash, key);
    if (slot >= 0) {
      return segment.indexBase + slot;
    }
    return overflow.size() == 0 ? ABSENT : findInOverflow(hash, key);
  }

  /** A lookup's value, read from the segment its search found the key in. */
  @Override
  @SuppressWarnings("unchecked") // only V is ever stored as a value
  final V valueOf(Object key, V absent) {
    long hash = hash(key);
    BucketTable segment = segmentOf(hash);
    int slot = segment.find(hash, key);
    if (slot >= 0) {
      return (V) segment.valueAt(slot);
    }
    int index = overflow.size() == 0 ? ABSENT : findInOverflow(hash, key);
    return index < 0 ? absent : valueAt(index);
  }

  private int findInOverflow(long hash, Object key) {
    if (!overflow.mayHold(homeOf(hash))) {
      return ABSENT;
    }
    int i = overflow.indexOf(key);
    return i < 0 ? ABSENT : overflowBase() + i;
  }

  /**
   * {@link #find} for a write: the index of the key's entry, or {@code -2 - target}, where target
   * is the entry index of the first slot of the less loaded of its two buckets, which {@link
   * BucketTable#findToInsert} named, or {@link #ABSENT}.
   */
  @Override
  final int findToInsert(long hash, Object key) {
    BucketTable segment = segmentOf(hash);
    int found = segment.findToInsert(hash, key);
    if (found >= 0) {
      return segment.indexBase + found;
    }
    if (overflow.size() != 0) {
      int inOverflow = findInOverflow(hash, key);
      if (inOverflow >= 0) {
        return inOverflow;
      }
    }
    return found == ABSENT ? ABSENT : -2 - (segment.indexBase + segment.firstSlotOf(-2 - found));
  }

  /**
   * Stores an absent key in the bucket whose first slot is entry {@code target}, the less loaded of
   * its two buckets that {@link #findToInsert} named: where both maps' rules put a key whose
   * buckets have room ({@link BucketTable#leastLoadedBucket}).
   */
  @Override
  final void placeAt(int target, long hash, K key, V value) {
    BucketTable segment = segmentAt(target);
    segment.store(segment.bucketOfSlot(target & slotMask()), BucketTable.tagOf(hash), key, value);
    size++;
    placed(0);
  }

  @Override
  final boolean isFullFor(long hash) {
    BucketTable segment = segmentOf(hash);
    return segment.size() >= loadFactor * segment.slots() && size >= presizedFor;
  }

  @Override
  final void growFor(long hash) {
    rehashesForLoad++;
    grow(segmentOf(hash));
  }

  @Override
  final long threshold() {
    return (long) (loadFactor * slots);
  }

  @Override
  final void place(long hash, K key, V value) {
    BucketTable segment = segmentOf(hash);
    int moves;
    while ((moves = placeIn(segment, hash, key, value)) < 0) {
      if (segment.size() < GROW_ON_FAILURE_FRACTION * loadFactor * segment.slots()
          || overflow.size() < tolerableOverflow()) {
        overflow.add(key, value, homeOf(hash));
        overflowInsertions++;
        size++;
        return;
      }
      rehashesForFailedInsert++;
      grow(segment);
      segment = segmentOf(hash);
    }
    size++;
    placed(moves);
  }

  // ---- Entries by index ----

  @Override
  final int indexLimit() {
    return overflowBase() + overflow.size();
  }

  @Override
  final boolean isLive(int index) {
    if (index >= overflowBase()) {
      return true;
    }
    BucketTable segment = segmentAt(index);
    int slot = index & slotMask();
    return slot < segment.slots() && segment.isLive(slot);
  }

  @Override
  final int nextLive(int from) {
    for (int i = from >>> indexShift; i < segmentCount; i++) {
      BucketTable segment = segments[i];
      int slot = segment.nextLive(i == from >>> indexShift ? from & slotMask() : 0);
      if (slot < segment.slots()) {
        return segment.indexBase + slot;
      }
    }
    return Math.min(Math.max(from, overflowBase()), indexLimit());
  }

  @Override
  @SuppressWarnings("unchecked") // only K is ever stored as a key
  final K keyAt(int index) {
    int base = overflowBase();
    return (K)
        (index < base ? segmentAt(index).keyAt(index & slotMask()) : overflow.keyAt(index - base));
  }

  @Override
  @SuppressWarnings("unchecked") // only V is ever stored as a value
  final V valueAt(int index) {
    int base = overflowBase();
    return (V)
        (index < base
            ? segmentAt(index).valueAt(index & slotMask())
            : overflow.valueAt(index - base));
  }

  @Override
  final void setValueAt(int index, V value) {
    int base = overflowBase();
    if (index < base) {
      segmentAt(index).setValueAt(index & slotMask(), value);
    } else {
      overflow.setValueAt(index - base, value);
    }
  }

  @Override
  final void removeAt(int index) {
    int base = overflowBase();
    if (index < base) {
      segmentAt(index).removeAt(index & slotMask());
    } else {
      // the key was just found, so hashing it again to find its home is cheap
      overflow.removeAt(index - base, homeOf(hash(overflow.keyAt(index - base))));
    }
    size--;
    modCount++;
  }

  @Override
  public void clear() {
    for (int i = 0; i < segmentCount; i++) {
      segments[i].clear();
    }
    overflow.clear();
    size = 0;
    modCount++;
  }

  // ---- Copying and serialization ----

  @Override
  @SuppressWarnings("unchecked") // super.clone() returns an instance of this class
  public AbstractBucketMap<K, V> clone() {
    AbstractBucketMap<K, V> copy = (AbstractBucketMap<K, V>) super.clone();
    copy.segments = new BucketTable[segments.length];
    for (int i = 0; i < segmentCount; i++) {
      copy.segments[i] = segments[i].copy();
    }
    copy.directory = new BucketTable[directory.length];
    for (int j = 0; j < directory.length; j++) {
      copy.directory[j] = copy.segments[directory[j].indexBase >>> indexShift];
    }
    copy.segmentsOfDepth = segmentsOfDepth.clone();
    copy.overflow = new OverflowArea(1 << 16, strategy);
    copy.overflow.copyFrom(overflow);
    return copy;
  }

  @Override
  final SerialForm serialForm(Object source) {
    return SerialForm.bucketed(source, choices, slotsPerBucket, loadFactor, hasher, strategy, 0);
  }
}
