/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;
import java.util.Arrays;

/**
 * A table cut into segments that grow, split, shrink and merge one at a time, and its overflow
 * area: what every single-threaded map of the library shares. A subclass supplies its segments
 * ({@link Segment}: a {@link BucketTable} or a {@link ChainTable}), how a key is placed in one, and
 * how a segment's keys move to new segments ({@link #moveEntries}).
 *
 * <p><b>Segments.</b> The table is a directory of segments (extendible hashing: Fagin, Nievergelt,
 * Pippenger and Strong, "Extendible hashing", 1979). The low D bits of a key's 64-bit hash pick one
 * of the directory's 2<sup>D</sup> entries, which names the key's segment; a segment of depth ℓ ≤ D
 * holds the keys whose hashes end in its ℓ-bit pattern, and 2<sup>D − ℓ</sup> entries name it. A
 * key's d choices are buckets of its segment, chosen by the high half of its hash and the product
 * of both halves ({@link ChoiceHasher#choice}), which the low bits do not decide: within a segment
 * the keys are placed as in one table of that size, and the theory of d choices holds in every
 * segment.
 *
 * <p><b>Growth without a pause.</b> A segment grows when its keys reach the load factor: it is
 * rebuilt larger, doubling while the map is small and once large by the map's {@link #growth()}
 * factor g ({@link Growth}), or, when it would have room for more than {@value #SPLIT_KEYS} keys
 * (its places, slots of buckets or buckets of chains, times the load factor), split in two by one
 * more bit of the hash, each half holding half of the grown size. The directory doubles when a
 * segment as deep as it splits (an array copy of one reference per entry). So a growth moves the
 * keys of one segment, a few hundred at most, whatever the size of the map: the slowest {@code put}
 * does not grow with the map, and every segment stays between 1/g and 1 times the load factor full,
 * as one table growing by g would. A growth hashes the keys it moves again (the tables keep no
 * hashes), {@value #GROWTH_BATCH} at a time so that their cache misses overlap; the new segments
 * replace the old one only when complete, so a failure (out of memory, a throwing {@code
 * hashCode()}) leaves the map as it was.
 *
 * <p><b>Shrinking without a pause.</b> A removal through the map that leaves its segment below a
 * quarter of the load factor merges the segment with its buddy (the segment that differs in the
 * last bit of its pattern) when both fit in one segment half full, or else rebuilds it half full;
 * the directory halves when no segment is as deep as it.
 *
 * <p><b>The overflow area</b> ({@link OverflowArea}) holds the keys a segment's rule could not
 * place: O(log n) per operation for {@code Comparable} keys. A lookup consults it only if one of
 * its keys has the same {@link OverflowArea#homeOf home}, the top bits of the hash, so a few keys
 * there do not slow down the others. When a segment grows, splits or merges, the new segments take
 * back up to {@link #overflowRetries} of its keys there that the rule can place now (the area keeps
 * their hashes); the others stay until they are removed or the whole table is rebuilt ({@link
 * #rebuildFor}).
 *
 * <p><b>Entry indices.</b> Slot s of segment number i is entry {@code i << k | s}, with
 * 2<sup>k</sup> the slots of the largest segment rounded up to a power of two, so that the indices
 * are at least half used and a spliterator's halves hold entries; the overflow area's entries
 * follow the last segment's range.
 *
 * <p>Cost: a lookup reads one entry of the directory before its segment, one dependent load more
 * than a single table; a growth, split or merge moves one segment's keys, and a directory doubling
 * (rare) copies one reference per entry. Memory beyond the segments' slots: a reference per
 * directory entry and each segment's object and array headers, a few hundred bytes per segment of a
 * few hundred keys.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 * @param <S> the type of segments
 */
abstract class AbstractSegmentedMap<K, V, S extends Segment> extends AbstractFlatMap<K, V> {
  private static final long serialVersionUID = 1L;

  /**
   * How many keys a growth hashes before it moves them: the {@code hashCode()} calls of a batch
   * read independent keys in a tight loop, so that their cache misses overlap.
   */
  static final int GROWTH_BATCH = 64;

  /**
   * A segment that would grow past room for this many keys (its places times the load factor)
   * splits in two instead: a growth then moves at most about as many keys, tens of microseconds of
   * work, and the directory of a map of 10<sup>7</sup> keys has 2<sup>15</sup> entries (128 KB).
   * With room for 4096 keys a growth took about 0.3 ms and was the 99.99th percentile of {@code
   * put}; with 512 the slowest {@code put} is about SmoothieMap's. Counting keys rather than places
   * keeps a segment of a lightly loaded table (a d-left table at one key per bucket of 8 slots) as
   * large in keys, so that the keys' shares of the segments vary as little.
   */
  static final int SPLIT_KEYS = 1 << 9;

  /** The most keys a segment has room for, once the directory has {@link #MOST_SEGMENTS}. */
  static final int MOST_SEGMENT_KEYS = 1 << 10;

  /** The most segments: with {@link #MOST_SEGMENT_KEYS} each, 2<sup>30</sup> keys. */
  static final int MOST_SEGMENTS = 1 << 20;

  /** Keys per place at which a segment grows. */
  private final double loadFactor;

  /** Turns keys into choices; its seed travels with the serialized map. */
  private final ChoiceHasher hasher;

  /** Whether the table holds values: false under a set. */
  private final boolean storesValues;

  /** The keys' equality, or null for their own {@code equals} and {@code hashCode}. */
  private final HashStrategy<Object> strategy;

  /** Entry j names the segment of the keys whose hashes end in the bits of j. */
  private transient Segment[] directory;

  /** The segments by number, {@code [0, segmentCount)}. */
  private transient Segment[] segments;

  private transient int segmentCount;

  /** log2 of the entry indices each segment owns: at least the slots of the largest. */
  private transient int indexShift;

  /** How many segments have each depth: the directory halves when none is as deep as it. */
  private transient int[] segmentsOfDepth;

  /** The places of all segments. */
  private transient long capacity;

  /** Entries in segments and in the overflow area. */
  private transient int size;

  /**
   * The entries the table was sized for: below them no segment grows for its load, as the keys'
   * shares of the segments vary around their mean; 0 once a segment has shrunk. (A segment that
   * grows because the rule could not place a key leaves it: the other segments still hold their
   * shares.)
   */
  private transient int presizedFor;

  private transient OverflowArea overflow;

  AbstractSegmentedMap(
      double loadFactor, ChoiceHasher hasher, boolean storesValues, HashStrategy<?> strategy) {
    this.loadFactor = loadFactor;
    this.hasher = hasher;
    this.storesValues = storesValues;
    this.strategy = KeyEquality.erase(strategy);
  }

  // ---- What a subclass supplies ----

  /**
   * Returns an empty segment of {@code units} units (buckets, or buckets per subtable) that is to
   * receive about {@code entries} keys.
   */
  abstract S emptySegment(int units, long entries);

  /** Returns the units of one table that holds {@code entries} keys at the load factor. */
  abstract int unitsFor(long entries);

  /** Returns the places per unit: slots per bucket times subtables, or 1. */
  abstract int capacityPerUnit();

  /**
   * Moves every key of {@code from} to {@code low} if its hash has {@code bit} clear, else to
   * {@code high}, by the map's rule; keys the rule cannot place go to {@code spill}. {@code from}
   * is not changed.
   */
  abstract void moveEntries(S from, S low, S high, int bit, Spill spill);

  /** Removes the entry of {@code slot} from {@code segment}; no other entry moves. */
  abstract void removeFrom(S segment, int slot);

  /**
   * Places a key of the overflow area in {@code segment} by the map's rule if it can; returns
   * whether it did (and {@code segment} is unchanged if not).
   */
  abstract boolean tryPlaceIn(S segment, long hash, Object key, Object value);

  /**
   * Returns how many keys of the overflow area a new segment of {@code capacity} places tries to
   * take back ({@link #tryPlaceIn}) when a segment grows, splits or merges: none unless a map says
   * otherwise.
   */
  int overflowRetries(int capacity) {
    return 0;
  }

  /**
   * Returns the factor by which a segment grows once the map is large ({@link Growth}), above 1: by
   * half unless a map says otherwise.
   */
  double growth() {
    return Growth.BY_HALF;
  }

  // ---- Settings ----

  /**
   * Returns the number of keys per place (slot, or bucket of chains) at which a segment grows.
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

  /** Returns the number of segments. */
  final int segmentCount() {
    return segmentCount;
  }

  /** Returns segment number {@code i}, from 0. */
  @SuppressWarnings("unchecked") // every segment is made by emptySegment
  final S segment(int i) {
    return (S) segments[i];
  }

  /** Returns the segment of the keys with hash {@code hash}. */
  @SuppressWarnings("unchecked") // every segment is made by emptySegment
  final S segmentOf(long hash) {
    Segment[] d = directory;
    return (S) d[(int) hash & (d.length - 1)];
  }

  /** Returns the number of entries of the directory: 2<sup>D</sup>. */
  final int directorySize() {
    return directory.length;
  }

  final OverflowArea overflow() {
    return overflow;
  }

  /** Returns the places of all segments. */
  final long capacity() {
    return capacity;
  }

  // ---- The directory ----

  /**
   * Replaces the segments by empty ones that hold {@code entries} keys at the load factor: the
   * units of one table of that size, shared out among a power of two of segments with room for at
   * most {@link #SPLIT_KEYS} keys each. No segment grows for its load before the map holds that
   * many keys ({@link #presizedFor}). Nothing changes if an allocation fails.
   */
  final void allocate(int entries) {
    int wholeTable = unitsFor(entries);
    int count = 1;
    while (roomFor((long) wholeTable * capacityPerUnit() / count) > SPLIT_KEYS
        && count < Math.min(MOST_SEGMENTS, wholeTable)) {
      count *= 2;
    }
    Segment[] newSegments = new Segment[Math.max(4, count)];
    int shift = 0;
    long entriesEach = ((long) entries + count - 1) / count;
    for (int i = 0; i < count; i++) {
      // the first (wholeTable mod count) segments take one unit more
      S segment = emptySegment(wholeTable / count + (i < wholeTable % count ? 1 : 0), entriesEach);
      shift = Math.max(shift, 32 - Integer.numberOfLeadingZeros(segment.slots() - 1));
      newSegments[i] = segment;
    }
    for (int i = 0; i < count; i++) {
      newSegments[i].indexBase = i << shift;
      newSegments[i].depth = Integer.numberOfTrailingZeros(count);
      newSegments[i].pattern = i;
    }
    OverflowArea newOverflow = new OverflowArea(strategy);
    directory = Arrays.copyOf(newSegments, count);
    segments = newSegments;
    segmentCount = count;
    indexShift = shift;
    segmentsOfDepth = new int[32];
    segmentsOfDepth[Integer.numberOfTrailingZeros(count)] = count;
    capacity = (long) wholeTable * capacityPerUnit();
    size = 0;
    presizedFor = entries;
    overflow = newOverflow;
  }

  /** The keys that {@code places} places hold at the load factor. */
  private double roomFor(long places) {
    return places * loadFactor;
  }

  /** The slot of an entry index within its segment. */
  final int slotMask() {
    return (1 << indexShift) - 1;
  }

  /**
   * Makes every segment's index range at least {@code segmentSlots} long, renumbering the entries
   * of all segments if it was shorter: after a segment gained slots.
   */
  final void coverIndices(int segmentSlots) {
    int shift = 32 - Integer.numberOfLeadingZeros(segmentSlots - 1);
    if (shift > indexShift) {
      indexShift = shift;
      for (int i = 0; i < segmentCount; i++) {
        segments[i].indexBase = i << shift;
      }
    }
  }

  /** Returns the segment that holds entry {@code index} (below {@link #overflowBase()}). */
  @SuppressWarnings("unchecked") // every segment is made by emptySegment
  final S segmentAt(int index) {
    return (S) segments[index >>> indexShift];
  }

  /** Returns the entry index of the overflow area's first entry. */
  private int overflowBase() {
    return segmentCount << indexShift;
  }

  /** Makes {@code segment} the one named by every directory entry of its pattern and depth. */
  private void enter(Segment segment) {
    Segment[] d = directory;
    for (int j = segment.pattern; j < d.length; j += 1 << segment.depth) {
      d[j] = segment;
    }
  }

  /** Puts {@code replacement} in the place of {@code segment}: same number, pattern and depth. */
  private void replace(Segment segment, Segment replacement) {
    coverIndices(replacement.slots());
    replacement.placeLike(segment);
    segments[segment.indexBase >>> indexShift] = replacement;
    enter(replacement);
    capacity += replacement.capacity() - segment.capacity();
  }

  // ---- Growth and shrinking, one segment at a time ----

  /**
   * Grows one segment: rebuilt with more units, or split in two when it would have room for more
   * than {@link #SPLIT_KEYS} keys.
   */
  final void grow(S segment) {
    int grown = Growth.next(segment.units(), capacity, growth());
    long grownCapacity = (long) grown * capacityPerUnit();
    if (roomFor(grownCapacity) > SPLIT_KEYS && segmentCount < MOST_SEGMENTS) {
      split(segment, (grown + 1) / 2);
    } else if (roomFor(grownCapacity) <= MOST_SEGMENT_KEYS) {
      rebuild(segment, grown);
    } else {
      throw new IllegalStateException("map is full: " + size + " entries");
    }
    modCount++;
  }

  /** Rebuilds {@code segment} with {@code units} units, more or fewer. */
  private void rebuild(S segment, int units) {
    S rebuilt = emptySegment(units, segment.size() + 1L);
    Spill spill = new Spill();
    moveEntries(segment, rebuilt, rebuilt, 0, spill);
    int[] lifted = liftOverflow(segment.depth, segment.pattern, rebuilt, rebuilt, 0);
    replace(segment, rebuilt);
    dropLifted(lifted);
    spill.addTo(overflow);
  }

  /**
   * Splits {@code segment} in two by the next bit of the hash, each half of {@code units} units,
   * doubling the directory first if the segment is as deep as it.
   */
  private void split(S segment, int units) {
    int bit = 1 << segment.depth;
    S low = emptySegment(units, segment.size() / 2 + 1L);
    S high = emptySegment(units, segment.size() / 2 + 1L);
    Spill spill = new Spill();
    moveEntries(segment, low, high, bit, spill);
    int[] lifted = liftOverflow(segment.depth, segment.pattern, low, high, bit);
    Segment[] larger = segments;
    if (segmentCount == segments.length) {
      larger = Arrays.copyOf(segments, 2 * segmentCount);
    }
    if (bit == directory.length) {
      Segment[] doubled = Arrays.copyOf(directory, 2 * bit);
      System.arraycopy(directory, 0, doubled, bit, bit);
      directory = doubled;
    }
    segments = larger;
    replace(segment, low);
    coverIndices(high.slots());
    high.indexBase = segmentCount << indexShift;
    high.pattern = segment.pattern | bit;
    segments[segmentCount++] = high;
    low.depth = segment.depth + 1;
    high.depth = low.depth;
    enter(low);
    enter(high);
    capacity += high.capacity();
    segmentsOfDepth[segment.depth]--;
    segmentsOfDepth[low.depth] += 2;
    dropLifted(lifted);
    spill.addTo(overflow);
  }

  /**
   * Merges two buddies, {@code segment} and {@code buddy}, one level less deep, in one segment of
   * {@code units} units; the number of the higher goes to the last segment.
   */
  private void merge(S segment, S buddy, int units) {
    S first = segment.indexBase < buddy.indexBase ? segment : buddy;
    S second = first == segment ? buddy : segment;
    S merged = emptySegment(units, (long) segment.size() + buddy.size());
    Spill spill = new Spill();
    moveEntries(first, merged, merged, 0, spill);
    moveEntries(second, merged, merged, 0, spill);
    int depth = segment.depth - 1;
    int[] lifted = liftOverflow(depth, segment.pattern & ((1 << depth) - 1), merged, merged, 0);
    replace(first, merged);
    merged.depth = depth;
    merged.pattern = segment.pattern & ((1 << depth) - 1);
    enter(merged);
    capacity -= second.capacity();
    Segment last = segments[--segmentCount];
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
    dropLifted(lifted);
    spill.addTo(overflow);
  }

  /**
   * Places keys of the overflow area whose hashes end in the {@code depth} bits of {@code pattern}
   * in {@code low} if the hash has {@code bit} clear, else in {@code high}, trying at most {@link
   * #overflowRetries} of them; returns the indices, ascending, of those placed, which stay in the
   * area until {@link #dropLifted} removes them once the new segments are in place.
   */
  private int[] liftOverflow(int depth, int pattern, S low, S high, int bit) {
    int budget = Math.min(overflow.size(), overflowRetries(low.capacity()));
    int[] lifted = new int[budget + 1]; // the count last
    int mask = (1 << depth) - 1;
    for (int i = 0, tried = 0; i < overflow.size() && tried < budget; i++) {
      long hash = overflow.hashAt(i);
      if (((int) hash & mask) == pattern) {
        tried++;
        S to = ((int) hash & bit) == 0 ? low : high;
        if (tryPlaceIn(to, hash, overflow.keyAt(i), overflow.valueAt(i))) {
          lifted[lifted[budget]++] = i;
        }
      }
    }
    return lifted;
  }

  /** Removes from the overflow area the entries {@link #liftOverflow} placed in segments. */
  private void dropLifted(int[] lifted) {
    int count = lifted[lifted.length - 1];
    for (int j = count - 1; j >= 0; j--) { // the last first: removing moves the last entry
      overflow.removeAt(lifted[j]);
    }
  }

  /** Keys a growth could not place, added to the overflow area once the growth is complete. */
  static final class Spill {
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
        overflow.add(entries[2 * i], entries[2 * i + 1], hashes[i]);
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
    S segment = segmentAt(index);
    double threshold = loadFactor * segment.capacity();
    if (segment.size() >= threshold / SHRINK_BELOW_FRACTION_INVERSE) {
      return;
    }
    presizedFor = 0;
    if (segment.depth > 0) {
      @SuppressWarnings("unchecked") // every segment is made by emptySegment
      S buddy = (S) directory[segment.pattern ^ (1 << (segment.depth - 1))];
      int units = unitsFor(2L * (segment.size() + buddy.size()));
      if (buddy.depth == segment.depth && roomFor((long) units * capacityPerUnit()) <= SPLIT_KEYS) {
        merge(segment, buddy, units);
        modCount++;
        return;
      }
    }
    int units = unitsFor(2L * segment.size());
    if (threshold > SHRINK_FLOOR && units < segment.units()) {
      rebuild(segment, units);
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
    Segment[] oldSegments = segments;
    int oldCount = segmentCount;
    Segment[] oldDirectory = directory;
    int[] oldDepths = segmentsOfDepth;
    int oldShift = indexShift;
    long oldCapacity = capacity;
    int oldSize = size;
    int oldPresizedFor = presizedFor;
    OverflowArea oldOverflow = overflow;
    allocate(Math.max(entries, size));
    try {
      for (int i = 0; i < oldCount; i++) {
        Segment segment = oldSegments[i];
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
      indexShift = oldShift;
      capacity = oldCapacity;
      size = oldSize;
      presizedFor = oldPresizedFor;
      overflow = oldOverflow;
      throw e;
    }
    modCount++;
  }

  @SuppressWarnings("unchecked") // the entries come from this map
  private void placeAgain(long hash, Object key, Object value) {
    place(hash, (K) key, (V) value);
  }

  // ---- Lookup and sizing ----

  @Override
  public int size() {
    return size;
  }

  /** Returns whether the map holds fewer keys than the size it was presized for. */
  final boolean isFillingPresized() {
    return size < presizedFor;
  }

  /** Counts a key the subclass placed in a segment. */
  final void added() {
    size++;
  }

  /** Places a key no segment can take in the overflow area. */
  final void addToOverflow(long hash, Object key, Object value) {
    overflow.add(key, value, hash);
    size++;
  }

  @Override
  final long hash(Object key) {
    return KeyEquality.hash(hasher, strategy, key);
  }

  @Override
  final int find(long hash, Object key) {
    S segment = segmentOf(hash);
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
    S segment = segmentOf(hash);
    int slot = segment.find(hash, key);
    if (slot >= 0) {
      return (V) segment.valueAt(slot);
    }
    int index = overflow.size() == 0 ? ABSENT : findInOverflow(hash, key);
    return index < 0 ? absent : valueAt(index);
  }

  private int findInOverflow(long hash, Object key) {
    if (!overflow.mayHold(hash)) {
      return ABSENT;
    }
    int i = overflow.indexOf(hash, key);
    return i < 0 ? ABSENT : overflowBase() + i;
  }

  /**
   * {@link #find} for a write: the index of the key's entry, or {@code -2 - target}, where target
   * is where the key's segment would put it ({@link Segment#findToInsert}), or {@link #ABSENT}.
   */
  @Override
  final int findToInsert(long hash, Object key) {
    S segment = segmentOf(hash);
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
    return found;
  }

  @Override
  final boolean isFullFor(long hash) {
    S segment = segmentOf(hash);
    return segment.size() >= loadFactor * segment.capacity() && size >= presizedFor;
  }

  @Override
  final long threshold() {
    return (long) (loadFactor * capacity);
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
    S segment = segmentAt(index);
    int slot = index & slotMask();
    return slot < segment.slots() && segment.isLive(slot);
  }

  @Override
  final int nextLive(int from) {
    for (int i = from >>> indexShift; i < segmentCount; i++) {
      Segment segment = segments[i];
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
      removeFrom(segmentAt(index), index & slotMask());
    } else {
      overflow.removeAt(index - base);
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

  // ---- Copying ----

  @Override
  @SuppressWarnings("unchecked") // super.clone() returns an instance of this class
  public AbstractSegmentedMap<K, V, S> clone() {
    AbstractSegmentedMap<K, V, S> copy = (AbstractSegmentedMap<K, V, S>) super.clone();
    copy.segments = new Segment[segments.length];
    for (int i = 0; i < segmentCount; i++) {
      copy.segments[i] = segments[i].copy();
    }
    copy.directory = new Segment[directory.length];
    for (int j = 0; j < directory.length; j++) {
      copy.directory[j] = copy.segments[directory[j].indexBase >>> indexShift];
    }
    copy.segmentsOfDepth = segmentsOfDepth.clone();
    copy.overflow = new OverflowArea(strategy);
    copy.overflow.copyFrom(overflow);
    return copy;
  }
}
