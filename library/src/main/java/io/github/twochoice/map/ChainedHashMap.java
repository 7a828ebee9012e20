/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;
import io.github.twochoice.stats.LoadStats;
import java.util.Objects;

/**
 * A chained hash table in flat arrays in which each key has d candidate buckets and joins the
 * shortest of their chains (ties go to the earlier choice); d = 1 is classic chaining.
 *
 * <p>Think of each entry as an imaginary object {@code Entry { K key; V value; byte tag; int next;
 * }} stored in parallel arrays, {@link ChainSlots}, at an <em>entry index</em> {@code e}:
 *
 * <ul>
 *   <li>{@code keyValues[2e]}, {@code keyValues[2e + 1]}: the key and value, side by side so that a
 *       hit reads one cache line (a table of keys only, under a set, keeps the key at {@code
 *       keyValues[e]});
 *   <li>{@code tags[e]}: 7 bits of the choice hash that placed the entry, never 0, which reject
 *       most non-matching entries without calling {@code equals}, and in the high bit whether the
 *       entry has a successor ({@link #HAS_NEXT}); 0 marks a free slot. At a byte per entry this
 *       array stays in cache where the keys do not, so a lookup's memory accesses are the slot of
 *       the matching key and the key itself, plus a link only where a chain really continues;
 *   <li>{@code next[e]}: the slot of the extra region that holds the next entry of the same chain
 *       (-1 at a chain's last entry), or the next free slot of the extra region.
 * </ul>
 *
 * <p><b>Inline heads.</b> Indices {@code [0, buckets)} are the buckets themselves: the first entry
 * of bucket b's chain lives at index b of the {@code heads} arrays, so a hit on a chain's first
 * entry — three keys in four at load 1 — reads the key's slot directly and then the key, two
 * dependent memory accesses, as in an open-addressing table. The rest of each chain lives in an
 * <em>extra region</em>, arrays of their own whose slot x is entry index {@code buckets + x},
 * linked from the head. Removing a head promotes its successor into the bucket; a freed slot of the
 * extra region goes to a free list, so no other entry moves. The extra region grows on its own
 * while the table fills (its need grows sixfold from half load to full load with two choices): kept
 * in the heads' arrays, each of those growths would copy the whole table: building a map of
 * 10<sup>4</sup> keys that way copies about five slots per key inserted.
 *
 * <p>A lookup scans the d chains in choice order, then the overflow area if there is one. An
 * insertion joins the shortest chain (inline if its bucket is empty, else right behind the head).
 * The table grows ({@link Growth}) when the entries reach the load factor (entries per bucket):
 * every key is hashed again and moves to the bucket of its current choice in the larger table if
 * that bucket is still empty, else to the shortest of its chains there; the larger table is built
 * completely before it replaces the old one. The extra region is sized for the chains the theory
 * expects at that load; when it runs out, it grows by at least a quarter, to what the theory
 * expects for a quarter more entries.
 *
 * <p><b>Keys with equal hash codes.</b> Such keys share all d buckets under every seed, so no
 * choice can separate them. When all d chains of a new key already hold {@link #chainLimit()}
 * entries (far beyond what random hashing produces: a chain of 16 at load 1 has probability below
 * 10<sup>-13</sup> even with one choice), the key goes to an {@link OverflowArea}, which treeifies
 * equal-hash {@code Comparable} keys and which a lookup consults only if one of its entries has the
 * same first bucket. A flood of such keys therefore costs O(log n) per operation instead of O(n),
 * slows down no other key, and never grows the table beyond what the other entries need.
 *
 * <p>Cost: a lookup computes one hash and reads about {@code d * load} chain entries on a miss,
 * fewer on a hit; no allocation. Growth hashes every key once. Memory (compressed references): 13
 * bytes per bucket (its inline slot) plus 13 bytes per slot of the extra region (about a quarter of
 * the entries at load 1 with two choices); 9 and 9 for keys only.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
abstract class ChainedHashMap<K, V> extends AbstractFlatMap<K, V> {
  private static final long serialVersionUID = 1L;

  /** The default number of entries per bucket before the table grows. */
  static final double DEFAULT_LOAD_FACTOR = 1.0;

  /** Chain length, per unit of load factor, at which new keys go to the overflow area. */
  private static final int CHAIN_LIMIT_PER_UNIT_LOAD = 16;

  private static final int MIN_BUCKETS = 16;

  /** How many keys a growth hashes before it places them. */
  private static final int GROWTH_BATCH = 64;

  /**
   * When the extra region runs out, it grows to what the theory expects for this many times the
   * current entries, and at least by this factor: a few copies of the extra region between two
   * growths of the table, not one per handful of insertions.
   */
  private static final double EXTRA_HEADROOM = 1.25;

  /** The least room kept for chain entries beyond the inline heads. */
  private static final int MIN_EXTRA = 4;

  /** The most entry slots: twice it must still be a valid array length. */
  static final int MAX_SLOTS = (Integer.MAX_VALUE - 16) / 2;

  /** The most buckets: half the most slots, which leaves the other half for the extra region. */
  private static final int MAX_BUCKETS = MAX_SLOTS / 2;

  /** End of a chain or of the free list (in {@code next}). */
  private static final int NONE = -1;

  /** The tag bit set iff the entry's {@code next} is another entry of its chain. */
  private static final int HAS_NEXT = 0x80;

  /** The tag bits that come from the hash. */
  private static final int TAG_BITS = 0x7F;

  /** The number of buckets each key may join, d. */
  private final int choices;

  /** Entries per bucket at which the table grows. */
  private final double loadFactor;

  /** Turns keys into choices; its seed travels with the serialized map. */
  private final ChoiceHasher hasher;

  /** Whether the table holds values: false under a set. */
  private final boolean storesValues;

  /** The keys' equality, or null for their own {@code equals} and {@code hashCode}. */
  private final HashStrategy<Object> strategy;

  /** 1 if the slots hold values, 0 for keys only: slot e's key is at {@code e << keyShift}. */
  private transient int keyShift;

  /** {@link #CHAIN_LIMIT_PER_UNIT_LOAD} times the load factor, rounded up. */
  private transient int chainLimit;

  /** The chains' first entries: slot b is bucket b's. Their links point into {@link #extra}. */
  private transient ChainSlots heads;

  /**
   * The tags, keys and values, and links of {@link #heads}, kept here too ({@link #setHeads}) so
   * that a lookup reaches a head, and a hit its value, without first loading {@code heads}: reading
   * the value through it put two more dependent loads on every hit.
   */
  private transient byte[] headTags;

  private transient Object[] headKeyValues;

  private transient int[] headLinks;

  /** The chains' later entries: slot x is entry index {@code buckets + x}. */
  private transient ChainSlots extra;

  private transient int buckets;

  /** The extra region's slots {@code [0, extraEnd)} have been used; the rest never. */
  private transient int extraEnd;

  /** The first free slot of the extra region below {@code extraEnd}, or {@link #NONE}. */
  private transient int freeExtra;

  /** Entries in chains (the overflow area not counted). */
  private transient int chained;

  private transient OverflowArea overflow;

  ChainedHashMap(
      int choices,
      int expectedSize,
      double loadFactor,
      ChoiceHasher hasher,
      boolean storesValues,
      HashStrategy<?> strategy) {
    this.choices = choices;
    this.loadFactor = checkLoadFactor(loadFactor);
    this.hasher = Objects.requireNonNull(hasher, "hasher");
    this.storesValues = storesValues;
    this.strategy = KeyEquality.erase(strategy);
    this.chainLimit = chainLimitFor(loadFactor);
    if (expectedSize < 0) {
      throw new IllegalArgumentException("expectedSize must be >= 0: " + expectedSize);
    }
    allocate(bucketsFor(expectedSize), expectedSize);
  }

  private static int chainLimitFor(double loadFactor) {
    return (int) Math.min(Integer.MAX_VALUE, CHAIN_LIMIT_PER_UNIT_LOAD * Math.ceil(loadFactor));
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
   * Returns the number of entries per bucket at which the table grows.
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
   * Replaces the arrays by empty ones with {@code buckets} inline slots and room for the chain
   * entries that {@code entries} keys need beyond their heads. The arrays are allocated before any
   * field changes, so running out of memory leaves the map as it was.
   */
  private void allocate(int buckets, int entries) {
    int extraCapacity = extraCapacityFor(buckets, extraFor(buckets, entries));
    keyShift = storesValues ? 1 : 0;
    ChainSlots newHeads = new ChainSlots(buckets, keyShift);
    ChainSlots newExtra = new ChainSlots(extraCapacity, keyShift);
    setHeads(newHeads);
    extra = newExtra;
    this.buckets = buckets;
    extraEnd = 0;
    freeExtra = NONE;
    chained = 0;
    overflow = new OverflowArea(buckets, strategy);
  }

  private void setHeads(ChainSlots newHeads) {
    heads = newHeads;
    headTags = newHeads.tags;
    headKeyValues = newHeads.keyValues;
    headLinks = newHeads.next;
  }

  /**
   * The chain entries beyond the heads that {@code entries} keys in {@code buckets} buckets need,
   * plus a margin of two standard deviations: n minus the expected number of non-empty buckets,
   * {@code 1 - e^-λ} of them with one choice and {@code tanh λ} with two (the fluid limit; more
   * choices fill even more buckets).
   */
  private long extraFor(int buckets, int entries) {
    double load = (double) entries / buckets;
    double occupied = choices == 1 ? -Math.expm1(-load) : Math.tanh(load);
    return Math.max(0, (long) (entries - buckets * occupied + 2 * Math.sqrt(buckets))) + MIN_EXTRA;
  }

  /**
   * Returns {@code wanted} chain entries, or fewer if the table's slots would pass {@code
   * MAX_SLOTS}: the extra region of a table of {@code buckets} buckets.
   */
  static int extraCapacityFor(int buckets, long wanted) {
    return (int) Math.min(MAX_SLOTS - buckets, wanted);
  }

  private int bucketsFor(int entries) {
    double wanted = Math.max(MIN_BUCKETS, Math.ceil(entries / loadFactor));
    return (int) Math.min(MAX_BUCKETS, wanted);
  }

  // ---- Lookup ----

  @Override
  public int size() {
    return chained + overflow.size();
  }

  @Override
  final long hash(Object key) {
    return KeyEquality.hash(hasher, strategy, key);
  }

  @Override
  final boolean storesValues() {
    return storesValues;
  }

  /**
   * Scans the d chains of a key in choice order, then the overflow area. One loop walks every chain
   * and holds the only {@code equals} call, which keeps the compiled method small enough for the
   * JIT to inline it into the caller's loop (a String's {@code equals} alone compiles to a few
   * hundred bytes). It starts on the heads' arrays, read from fields of the map, and switches to
   * the extra region's where a chain continues; a link is read only where the tag byte says so.
   */
  @Override
  final int find(long hash, Object key) {
    byte[] t = headTags;
    Object[] kv = headKeyValues;
    int[] links = headLinks;
    // the extra region, loaded before it is needed, so that a chain's walk waits on no field
    ChainSlots later = extra;
    byte[] laterTags = later.tags;
    Object[] laterKv = later.keyValues;
    int base = 0; // the entry index of slot 0 of the slots being walked
    int shift = keyShift;
    HashStrategy<Object> s = strategy;
    int choice = 0;
    int choiceHash = ChoiceHasher.choice(hash, 0);
    int tag = tagOf(choiceHash);
    int home = ChoiceHasher.bucket(choiceHash, buckets);
    int e = home;
    int f = t[e];
    while (true) {
      if ((f & TAG_BITS) == tag) { // never true for an empty bucket (f = 0)
        if (KeyEquality.same(s, key, kv[e << shift])) {
          return base + e;
        }
      }
      if ((f & HAS_NEXT) != 0) {
        e = links[e];
        t = laterTags;
        kv = laterKv;
        links = later.next;
        base = buckets;
      } else if (++choice < choices) {
        choiceHash = ChoiceHasher.choice(hash, choice);
        tag = tagOf(choiceHash);
        e = ChoiceHasher.bucket(choiceHash, buckets);
        t = headTags;
        kv = headKeyValues;
        links = headLinks;
        base = 0;
      } else {
        return overflow.mayHold(home) ? findInOverflow(key) : NONE;
      }
      f = t[e];
    }
  }

  private int findInOverflow(Object key) {
    int i = overflow.indexOf(key);
    return i < 0 ? NONE : slotCapacity() + i;
  }

  /**
   * {@link #find} for the write path: the same scan, which also counts each chain's entries, so
   * that a miss names where the key goes: {@code -2 - c}, where c is the choice whose chain is the
   * shortest (the first on ties), the one {@link #shortestChoice} names, or -1 if that chain has
   * reached the {@link #chainLimit()}. The write that follows a miss thus walks no chain again. It
   * is a loop of its own, as {@code HashMap}'s {@code get} and {@code put} each walk a bin, so that
   * the lookup of reads stays small enough for the JIT to inline: with the counting in it behind a
   * flag, the compiled lookup grew past the JIT's limit for inlining compiled methods.
   */
  @Override
  final int findToInsert(long hash, Object key) {
    // the shortest chain's length times 8, plus its choice (d <= 8): the least is the shortest
    // chain, and of two as short the earlier choice
    int shortest = Integer.MAX_VALUE;
    for (int c = 0; c < choices; c++) {
      int choiceHash = ChoiceHasher.choice(hash, c);
      int tag = tagOf(choiceHash);
      int x = ChoiceHasher.bucket(choiceHash, buckets);
      ChainSlots slots = heads;
      int base = 0; // the entry index of slot 0 of slots
      int length = 0;
      for (int f = slots.tags[x]; f != 0; f = slots.tags[x]) {
        length++;
        if ((f & TAG_BITS) == tag && KeyEquality.same(strategy, key, slots.keyAt(x))) {
          return base + x;
        }
        if ((f & HAS_NEXT) == 0) {
          break;
        }
        x = slots.next[x];
        slots = extra;
        base = buckets;
      }
      shortest = Math.min(shortest, length << 3 | c);
    }
    int found = overflow.mayHold(homeOf(hash)) ? findInOverflow(key) : NONE;
    return found != NONE || shortest >>> 3 >= chainLimit ? found : -2 - (shortest & 7);
  }

  /** The tag of a choice hash: its low 7 bits, with 0 (an empty slot) replaced by 1. */
  private static int tagOf(int choiceHash) {
    int f = choiceHash & TAG_BITS;
    return f | ((f - 1) >>> 31);
  }

  /**
   * Sets the link of slot x of {@code slots} to slot {@code target} of the extra region, or to
   * {@link #NONE}, and keeps the {@link #HAS_NEXT} bit of its tag in step.
   */
  private static void link(ChainSlots slots, int x, int target) {
    slots.next[x] = target;
    byte tag = slots.tags[x];
    slots.tags[x] = (byte) (target >= 0 ? tag | HAS_NEXT : tag & TAG_BITS);
  }

  /** Returns the entry slots allocated, inline heads and extra region: what the memory grows by. */
  final int slotCapacity() {
    return buckets + extra.capacity();
  }

  @Override
  final int indexLimit() {
    return slotCapacity() + overflow.size();
  }

  @Override
  final boolean isLive(int index) {
    if (index < buckets) {
      return headTags[index] != 0;
    }
    return index >= slotCapacity() || extra.tags[index - buckets] != 0;
  }

  @Override
  @SuppressWarnings("unchecked") // only K is ever stored as a key
  final K keyAt(int index) {
    if (index < buckets) {
      return (K) headKeyValues[index << keyShift];
    }
    int x = index - buckets;
    return (K) (x < extra.capacity() ? extra.keyAt(x) : overflow.keyAt(x - extra.capacity()));
  }

  @Override
  @SuppressWarnings("unchecked") // only V is ever stored as a value
  final V valueAt(int index) {
    if (index < buckets) { // from the map's fields: a hit's value is one load away, not three
      return keyShift == 0 ? null : (V) headKeyValues[2 * index + 1];
    }
    int x = index - buckets;
    return (V) (x < extra.capacity() ? extra.valueAt(x) : overflow.valueAt(x - extra.capacity()));
  }

  @Override
  final void setValueAt(int index, V value) {
    if (index < buckets) {
      if (keyShift != 0) {
        headKeyValues[2 * index + 1] = value;
      }
      return;
    }
    int x = index - buckets;
    if (x < extra.capacity()) {
      extra.setValueAt(x, value);
    } else {
      overflow.setValueAt(x - extra.capacity(), value);
    }
  }

  // ---- Insertion ----

  @Override
  final boolean isFullFor(long hash) {
    return chained >= loadFactor * buckets && buckets < MAX_BUCKETS;
  }

  @Override
  final void growFor(long hash) {
    rebuild(Math.min(MAX_BUCKETS, Growth.next(buckets, buckets, Growth.BY_HALF)));
  }

  @Override
  final long threshold() {
    return (long) (loadFactor * buckets);
  }

  @Override
  final void rebuildFor(int entries) {
    int wanted = bucketsFor(Math.max(entries, size()));
    if (wanted != buckets) {
      rebuild(wanted);
    }
  }

  /** Adds an absent key to the shortest of its chains, or to the overflow area if all are full. */
  @Override
  final void place(long hash, K key, V value) {
    int choice = shortestChoice(hash);
    if (choice != NONE) {
      placeAt(choice, hash, key, value);
    } else {
      overflow.add(key, value, homeOf(hash));
    }
  }

  /**
   * Adds an absent key to the chain of its {@code choice}, which {@link #findToInsert} or {@link
   * #shortestChoice} named.
   */
  @Override
  final void placeAt(int choice, long hash, K key, V value) {
    int choiceHash = ChoiceHasher.choice(hash, choice);
    addToChain(ChoiceHasher.bucket(choiceHash, buckets), tagOf(choiceHash), key, value);
  }

  /**
   * Returns the choice whose chain is the shortest (the earlier on ties), or {@link #NONE} if every
   * chain has reached the {@link #chainLimit()}. An empty first bucket wins at once, so the other
   * chains are walked only when it is not.
   */
  final int shortestChoice(long hash) {
    if (heads.tags[homeOf(hash)] == 0) {
      return 0;
    }
    int shortest = NONE;
    int shortestLength = Integer.MAX_VALUE;
    for (int c = 0; c < choices; c++) {
      int length = chainLength(ChoiceHasher.bucket(ChoiceHasher.choice(hash, c), buckets));
      if (length < shortestLength) {
        shortest = c;
        shortestLength = length;
      }
    }
    return shortestLength < chainLimit ? shortest : NONE;
  }

  /** Adds an entry to bucket b's chain: inline if the bucket is empty, else right after it. */
  private void addToChain(int b, int tag, Object key, Object value) {
    ChainSlots h = heads;
    if (h.tags[b] == 0) {
      h.setEntry(b, key, value);
      h.tags[b] = (byte) tag;
      h.next[b] = NONE;
    } else {
      int x = newExtraSlot(); // may replace the extra region: read it after
      ChainSlots later = extra;
      later.setEntry(x, key, value);
      later.tags[x] = (byte) tag;
      link(later, x, h.next[b]);
      link(h, b, x);
    }
    chained++;
  }

  /** Returns a free slot of the extra region, growing the region if there is none. */
  private int newExtraSlot() {
    int x = freeExtra;
    if (x != NONE) {
      freeExtra = extra.next[x];
      return x;
    }
    if (extraEnd == extra.capacity()) {
      long expected = extraFor(buckets, (int) Math.min(MAX_SLOTS, EXTRA_HEADROOM * size()));
      long wanted = Math.max(expected, (long) (extraEnd * EXTRA_HEADROOM) + MIN_EXTRA);
      int capacity = extraCapacityFor(buckets, wanted);
      if (capacity == extraEnd) {
        throw new IllegalStateException("map is full: " + (buckets + extraEnd) + " entries");
      }
      extra = extra.copyOf(capacity);
    }
    return extraEnd++;
  }

  /** The bucket of a key's first choice: its home in the overflow area. */
  private int homeOf(long hash) {
    return ChoiceHasher.bucket(ChoiceHasher.choice(hash, 0), buckets);
  }

  private int chainLength(int b) {
    if (heads.tags[b] == 0) {
      return 0;
    }
    int length = 1;
    if ((heads.tags[b] & HAS_NEXT) != 0) {
      for (int x = heads.next[b]; ; x = extra.next[x]) {
        length++;
        if ((extra.tags[x] & HAS_NEXT) == 0) {
          break;
        }
      }
    }
    return length;
  }

  /**
   * Rebuilds the table with {@code newBuckets} buckets, usually more (a growth), sometimes fewer
   * ({@link #rebuildFor}). Old buckets are read in order and each key first tries the bucket its
   * current choice gives in the new table; since a choice hash maps to buckets in order at every
   * size, these writes run front to back through the new arrays. A key whose kept bucket is already
   * taken joins the shortest of its chains instead, as if inserted anew. Keeping every choice would
   * let a bucket of the larger table take the chains of two old buckets (grown maps had chains of 5
   * and 6 where presized ones have 4); with this rule grown maps of 10<sup>6</sup> keys had a
   * longest chain of 3 in six seeds of six, re-placing every key by the rule in three. Keys are
   * hashed {@link #GROWTH_BATCH} at a time, before any of them is placed, so that the {@code
   * hashCode()} calls read independent keys whose cache misses overlap. Overflow entries are placed
   * again by the rule. If anything fails (a {@code hashCode()} that throws, memory), the old arrays
   * are put back, untouched.
   */
  private void rebuild(int newBuckets) {
    ChainSlots oldHeads = heads;
    ChainSlots oldExtra = extra;
    int oldBuckets = buckets;
    int oldExtraEnd = extraEnd;
    int oldFreeExtra = freeExtra;
    int oldChained = chained;
    OverflowArea oldOverflow = overflow;
    allocate(newBuckets, size());
    try {
      GrowthBatch batch = new GrowthBatch(oldBuckets);
      for (int b = 0; b < oldBuckets; b++) {
        if (oldHeads.tags[b] == 0) {
          continue;
        }
        ChainSlots slots = oldHeads;
        int x = b;
        while (true) {
          if (batch.add(slots.keyAt(x), slots.valueAt(x), b)) {
            moveBatch(batch);
          }
          if ((slots.tags[x] & HAS_NEXT) == 0) {
            break;
          }
          x = slots.next[x];
          slots = oldExtra;
        }
      }
      moveBatch(batch);
      for (int i = 0; i < oldOverflow.size(); i++) {
        Object key = oldOverflow.keyAt(i);
        placeUnchecked(hash(key), key, oldOverflow.valueAt(i));
      }
    } catch (RuntimeException | Error e) {
      setHeads(oldHeads);
      extra = oldExtra;
      buckets = oldBuckets;
      extraEnd = oldExtraEnd;
      freeExtra = oldFreeExtra;
      chained = oldChained;
      overflow = oldOverflow;
      throw e;
    }
    modCount++;
  }

  /**
   * The entries of a growth waiting to be placed: their keys, values and buckets in the old table,
   * and room for their hashes, which are computed together ({@link #moveBatch}).
   */
  private static final class GrowthBatch {
    final Object[] keys = new Object[GROWTH_BATCH];
    final Object[] values = new Object[GROWTH_BATCH];
    final int[] oldBucket = new int[GROWTH_BATCH];
    final long[] hashes = new long[GROWTH_BATCH];
    final int oldBuckets;
    int size;

    GrowthBatch(int oldBuckets) {
      this.oldBuckets = oldBuckets;
    }

    /** Adds an entry; returns whether the batch is now full. */
    boolean add(Object key, Object value, int bucket) {
      keys[size] = key;
      values[size] = value;
      oldBucket[size] = bucket;
      return ++size == GROWTH_BATCH;
    }
  }

  /**
   * Moves the entries of {@code batch} into this table and empties it: hashes them all, then places
   * each in the bucket of its current choice if that bucket is empty, else by the rule.
   */
  private void moveBatch(GrowthBatch batch) {
    int n = batch.size;
    for (int i = 0; i < n; i++) {
      batch.hashes[i] = hash(batch.keys[i]);
    }
    for (int i = 0; i < n; i++) {
      long hash = batch.hashes[i];
      Object key = batch.keys[i];
      Object value = batch.values[i];
      int kept = choiceIn(hash, batch.oldBucket[i], batch.oldBuckets);
      int keptBucket = ChoiceHasher.bucket(kept, buckets);
      if (heads.tags[keptBucket] == 0) {
        addToChain(keptBucket, tagOf(kept), key, value);
      } else {
        placeUnchecked(hash, key, value);
      }
    }
    batch.size = 0;
  }

  @SuppressWarnings("unchecked") // the entries come from this map
  private void placeUnchecked(long hash, Object key, Object value) {
    place(hash, (K) key, (V) value);
  }

  /** Returns the choice hash that puts a key of this hash in {@code bucket} of {@code buckets}. */
  private int choiceIn(long hash, int bucket, int buckets) {
    int c = 0;
    int choiceHash = ChoiceHasher.choice(hash, 0);
    while (ChoiceHasher.bucket(choiceHash, buckets) != bucket) {
      choiceHash = ChoiceHasher.choice(hash, ++c);
    }
    return choiceHash;
  }

  // ---- Removal ----

  @Override
  final void removeAt(int i) {
    if (i >= slotCapacity()) {
      // the key was just found, so hashing it again is cheap
      int o = i - slotCapacity();
      overflow.removeAt(o, homeOf(hash(overflow.keyAt(o))));
    } else if (i < buckets) {
      ChainSlots h = heads;
      if ((h.tags[i] & HAS_NEXT) != 0) { // the chain's second entry becomes its inline head
        int x = h.next[i];
        h.copyEntry(i, extra, x);
        freeExtraSlot(x);
      } else {
        h.free(i);
      }
      chained--;
    } else {
      int x = i - buckets;
      int predecessor = predecessorOf(x);
      int successor = extra.next[x]; // NONE exactly when HAS_NEXT is clear (link keeps them so)
      if (predecessor < buckets) {
        link(heads, predecessor, successor);
      } else {
        link(extra, predecessor - buckets, successor);
      }
      freeExtraSlot(x);
      chained--;
    }
    modCount++;
  }

  /** Returns the entry index of the entry whose link points at slot x of the extra region. */
  private int predecessorOf(int x) {
    long hash = hash(extra.keyAt(x));
    for (int c = 0; c < choices; c++) {
      int b = ChoiceHasher.bucket(ChoiceHasher.choice(hash, c), buckets);
      if ((heads.tags[b] & HAS_NEXT) == 0) {
        continue;
      }
      if (heads.next[b] == x) {
        return b;
      }
      for (int p = heads.next[b]; (extra.tags[p] & HAS_NEXT) != 0; p = extra.next[p]) {
        if (extra.next[p] == x) {
          return buckets + p;
        }
      }
    }
    throw new IllegalStateException("entry " + (buckets + x) + " is in none of its chains");
  }

  /** Puts slot x of the extra region on the free list. */
  private void freeExtraSlot(int x) {
    extra.free(x);
    extra.next[x] = freeExtra;
    freeExtra = x;
  }

  @Override
  public void clear() {
    heads.clear();
    extra.clear();
    extraEnd = 0;
    freeExtra = NONE;
    chained = 0;
    overflow.clear();
    modCount++;
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
    int[] chainLength = new int[buckets];
    long[] perChoice = new long[choices];
    long probesHit = 0;
    int maxLength = 0;
    for (int b = 0; b < buckets; b++) {
      chainLength[b] = chainLength(b);
      maxLength = Math.max(maxLength, chainLength[b]);
    }
    for (int b = 0; b < buckets; b++) {
      ChainSlots slots = heads;
      int x = b;
      for (int position = 1; position <= chainLength[b]; position++) {
        long hash = hash(slots.keyAt(x));
        int c = 0;
        while (ChoiceHasher.bucket(ChoiceHasher.choice(hash, c), buckets) != b) {
          probesHit += chainLength[ChoiceHasher.bucket(ChoiceHasher.choice(hash, c), buckets)];
          c++;
        }
        perChoice[c]++;
        probesHit += position;
        x = slots.next[x];
        slots = extra;
      }
    }
    for (int i = 0; i < overflow.size(); i++) {
      long hash = hash(overflow.keyAt(i));
      for (int c = 0; c < choices; c++) {
        probesHit += chainLength[ChoiceHasher.bucket(ChoiceHasher.choice(hash, c), buckets)];
      }
      probesHit++;
    }
    long[] histogram = new long[maxLength + 1];
    for (int length : chainLength) {
      histogram[length]++;
    }
    double probesMiss = (double) choices * chained / buckets + (overflow.size() > 0 ? 1 : 0);
    return LoadStats.builder(histogram)
        .entriesPerChoice(perChoice)
        .overflow(overflow.size())
        .meanProbes(size() == 0 ? 0 : (double) probesHit / size(), probesMiss)
        .build();
  }

  // ---- Copying and serialization ----

  @Override
  public ChainedHashMap<K, V> clone() {
    ChainedHashMap<K, V> copy = (ChainedHashMap<K, V>) super.clone();
    copy.setHeads(heads.copy());
    copy.extra = extra.copy();
    copy.overflow = new OverflowArea(buckets, strategy);
    copy.overflow.copyFrom(overflow);
    return copy;
  }

  @Override
  final SerialForm serialForm(Object source) {
    return SerialForm.chained(source, choices, loadFactor, hasher, strategy);
  }
}
