/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;
import io.github.twochoice.stats.LoadStats;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/**
 * A chained hash table in flat arrays in which each key has d candidate buckets and joins the
 * shortest of their chains (ties go to the earlier choice); d = 1 is classic chaining.
 *
 * <p>Think of each entry as an imaginary object {@code Entry { K key; V value; byte tag; int next;
 * }} stored in parallel arrays at an <em>entry index</em> {@code e}:
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
 *   <li>{@code next[e]}: the next entry in the same chain (-1 at a chain's last entry), or the next
 *       free slot of the extra region.
 * </ul>
 *
 * <p><b>Inline heads.</b> Indices {@code [0, buckets)} are the buckets themselves: the first entry
 * of bucket b's chain lives at index b, so a hit on a chain's first entry — three keys in four at
 * load 1 — reads the key's slot directly and then the key, two dependent memory accesses, as in an
 * open-addressing table. The rest of each chain lives in an <em>extra region</em> after the
 * buckets, linked from the head. Removing a head promotes its successor into the bucket; a freed
 * slot of the extra region goes to a free list, so no other entry moves.
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
abstract class ChainedHashMap<K, V> extends AbstractFlatMap<K, V> implements Serializable {
  private static final long serialVersionUID = 2L;

  /** The default number of entries per bucket before the table grows. */
  static final double DEFAULT_LOAD_FACTOR = 1.0;

  /** The most choices a map accepts: beyond it a miss reads more than balance saves. */
  static final int MAX_CHOICES = 8;

  /** Chain length, per unit of load factor, at which new keys go to the overflow area. */
  private static final int CHAIN_LIMIT_PER_UNIT_LOAD = 16;

  private static final int MIN_BUCKETS = 16;

  /** How many keys a growth hashes before it places them. */
  private static final int GROWTH_BATCH = 64;

  /**
   * When the extra region runs out, it grows to what the theory expects for this many times the
   * current entries, and at least by this factor: a few copies of the arrays between two growths of
   * the table, not one per handful of insertions.
   */
  private static final double EXTRA_HEADROOM = 1.25;

  /** The least room kept for chain entries beyond the inline heads. */
  private static final int MIN_EXTRA = 4;

  /** The most entry slots: twice it must still be a valid array length. */
  private static final int MAX_SLOTS = (Integer.MAX_VALUE - 16) / 2;

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

  /** 1 if {@link #keyValues} holds values, 0 for keys only: entry e's key is at {@code e << 1}. */
  private transient int keyShift;

  /** {@link #CHAIN_LIMIT_PER_UNIT_LOAD} times the load factor, rounded up. */
  private transient int chainLimit;

  private transient Object[] keyValues;
  private transient byte[] tags;
  private transient int[] next;
  private transient int buckets;

  /** The extra region's slots {@code [buckets, extraEnd)} have been used; the rest never. */
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

  /** Returns whether a serialized map of this class may have {@code d} choices. */
  abstract boolean acceptsChoices(int d);

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
    int capacity = (int) Math.min(MAX_SLOTS, (long) buckets + extraFor(buckets, entries));
    keyShift = storesValues ? 1 : 0;
    Object[] kv = new Object[capacity << keyShift];
    byte[] t = new byte[capacity];
    int[] nx = new int[capacity];
    keyValues = kv;
    tags = t;
    next = nx;
    this.buckets = buckets;
    extraEnd = buckets;
    freeExtra = NONE;
    chained = 0;
    overflow = new OverflowArea(buckets, strategy);
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

  private int bucketsFor(int entries) {
    double wanted = Math.max(MIN_BUCKETS, Math.ceil(entries / loadFactor));
    return (int) Math.min(MAX_SLOTS / 2, wanted);
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
   * hundred bytes). A link is read only where the tag byte says the chain continues.
   */
  @Override
  final int find(long hash, Object key) {
    byte[] t = tags;
    Object[] kv = keyValues;
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
          return e;
        }
      }
      if ((f & HAS_NEXT) != 0) {
        e = next[e];
      } else if (++choice < choices) {
        choiceHash = ChoiceHasher.choice(hash, choice);
        tag = tagOf(choiceHash);
        e = ChoiceHasher.bucket(choiceHash, buckets);
      } else {
        return overflow.mayHold(home) ? findInOverflow(key) : NONE;
      }
      f = t[e];
    }
  }

  private int findInOverflow(Object key) {
    int i = overflow.indexOf(key);
    return i < 0 ? NONE : tags.length + i;
  }

  /** The tag of a choice hash: its low 7 bits, with 0 (an empty slot) replaced by 1. */
  private static int tagOf(int choiceHash) {
    int f = choiceHash & TAG_BITS;
    return f | ((f - 1) >>> 31);
  }

  /** Sets {@code next[e]} and keeps the {@link #HAS_NEXT} bit of e's tag in step. */
  private void link(int e, int target) {
    next[e] = target;
    tags[e] = (byte) (target >= 0 ? tags[e] | HAS_NEXT : tags[e] & TAG_BITS);
  }

  /** Returns the entry slots allocated, inline heads and extra region: what the memory grows by. */
  final int slotCapacity() {
    return tags.length;
  }

  @Override
  final int indexLimit() {
    return tags.length + overflow.size();
  }

  @Override
  final boolean isLive(int index) {
    return index >= tags.length || tags[index] != 0;
  }

  @Override
  @SuppressWarnings("unchecked") // only K is ever stored as a key
  final K keyAt(int index) {
    return (K)
        (index < tags.length ? keyValues[index << keyShift] : overflow.keyAt(index - tags.length));
  }

  @Override
  @SuppressWarnings("unchecked") // only V is ever stored as a value
  final V valueAt(int index) {
    if (index >= tags.length) {
      return (V) overflow.valueAt(index - tags.length);
    }
    return keyShift == 0 ? null : (V) keyValues[2 * index + 1];
  }

  @Override
  final void setValueAt(int index, V value) {
    if (index < tags.length) {
      if (keyShift != 0) {
        keyValues[2 * index + 1] = value;
      }
    } else {
      overflow.setValueAt(index - tags.length, value);
    }
  }

  // ---- Insertion ----

  @Override
  final boolean isFull() {
    return chained >= loadFactor * buckets && buckets < MAX_SLOTS / 2;
  }

  @Override
  final void grow() {
    rebuild(Math.min(MAX_SLOTS / 2, Growth.next(buckets, buckets, Growth.BY_HALF)));
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

  /**
   * Adds an absent key to the shortest of its chains, or to the overflow area if all are full. An
   * empty first bucket wins at once (ties go to the earlier choice), so the other chains are walked
   * only when it is not.
   */
  @Override
  final void place(long hash, K key, V value) {
    int first = ChoiceHasher.choice(hash, 0);
    int firstBucket = ChoiceHasher.bucket(first, buckets);
    if (tags[firstBucket] == 0) {
      addToChain(firstBucket, tagOf(first), key, value);
      return;
    }
    int shortestTag = 0;
    int shortestBucket = 0;
    int shortestLength = Integer.MAX_VALUE;
    for (int c = 0; c < choices; c++) {
      int choiceHash = ChoiceHasher.choice(hash, c);
      int bucket = ChoiceHasher.bucket(choiceHash, buckets);
      int length = chainLength(bucket);
      if (length < shortestLength) {
        shortestTag = tagOf(choiceHash);
        shortestBucket = bucket;
        shortestLength = length;
      }
    }
    if (shortestLength < chainLimit) {
      addToChain(shortestBucket, shortestTag, key, value);
    } else {
      overflow.add(key, value, homeOf(hash));
    }
  }

  /** Adds an entry to bucket b's chain: inline if the bucket is empty, else right after it. */
  private void addToChain(int b, int tag, Object key, Object value) {
    int e = b;
    if (tags[b] != 0) {
      e = newExtraSlot(); // may replace the arrays: store after it
      link(e, next[b]);
      link(b, e);
    } else {
      next[b] = NONE;
    }
    keyValues[e << keyShift] = key;
    if (keyShift != 0) {
      keyValues[2 * e + 1] = value;
    }
    tags[e] = (byte) (tags[e] & HAS_NEXT | tag);
    chained++;
  }

  /** Returns a free slot of the extra region, growing the arrays if there is none. */
  private int newExtraSlot() {
    int e = freeExtra;
    if (e != NONE) {
      freeExtra = next[e];
      return e;
    }
    if (extraEnd == tags.length) {
      long expected = extraFor(buckets, (int) Math.min(MAX_SLOTS, EXTRA_HEADROOM * size()));
      long extra = Math.max(expected, (long) ((extraEnd - buckets) * EXTRA_HEADROOM) + MIN_EXTRA);
      int capacity = (int) Math.min(MAX_SLOTS, buckets + extra);
      if (capacity == extraEnd) {
        throw new IllegalStateException("map is full: " + extraEnd + " entries");
      }
      Object[] kv = Arrays.copyOf(keyValues, capacity << keyShift);
      byte[] t = Arrays.copyOf(tags, capacity);
      int[] nx = Arrays.copyOf(next, capacity);
      keyValues = kv;
      tags = t;
      next = nx;
    }
    return extraEnd++;
  }

  /** The bucket of a key's first choice: its home in the overflow area. */
  private int homeOf(long hash) {
    return ChoiceHasher.bucket(ChoiceHasher.choice(hash, 0), buckets);
  }

  private int chainLength(int b) {
    if (tags[b] == 0) {
      return 0;
    }
    int length = 1;
    for (int e = b; (tags[e] & HAS_NEXT) != 0; e = next[e]) {
      length++;
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
    Object[] oldKv = keyValues;
    byte[] oldTags = tags;
    int[] oldNext = next;
    int oldBuckets = buckets;
    int oldExtraEnd = extraEnd;
    int oldFreeExtra = freeExtra;
    int oldChained = chained;
    OverflowArea oldOverflow = overflow;
    allocate(newBuckets, size());
    try {
      int[] batch = new int[GROWTH_BATCH]; // entries of the old arrays
      int[] batchBucket = new int[GROWTH_BATCH];
      long[] batchHash = new long[GROWTH_BATCH];
      int n = 0;
      for (int b = 0; b < oldBuckets; b++) {
        for (int e = b; oldTags[e] != 0; e = oldNext[e]) {
          batch[n] = e;
          batchBucket[n++] = b;
          if (n == GROWTH_BATCH) {
            moveBatch(oldKv, oldBuckets, batch, batchBucket, batchHash, n);
            n = 0;
          }
          if ((oldTags[e] & HAS_NEXT) == 0) {
            break;
          }
        }
      }
      moveBatch(oldKv, oldBuckets, batch, batchBucket, batchHash, n);
      for (int i = 0; i < oldOverflow.size(); i++) {
        Object key = oldOverflow.keyAt(i);
        placeUnchecked(hash(key), key, oldOverflow.valueAt(i));
      }
    } catch (RuntimeException | Error e) {
      keyValues = oldKv;
      tags = oldTags;
      next = oldNext;
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
   * Moves the first {@code n} entries of {@code batch} (indices into {@code oldKv}, in old buckets
   * {@code batchBucket} of {@code oldBuckets}) into this table: hashes them all, then places each
   * in the bucket of its current choice if that bucket is empty, else by the rule.
   */
  private void moveBatch(
      Object[] oldKv, int oldBuckets, int[] batch, int[] batchBucket, long[] batchHash, int n) {
    int shift = keyShift; // the same in the old arrays
    for (int i = 0; i < n; i++) {
      batchHash[i] = hash(oldKv[batch[i] << shift]);
    }
    for (int i = 0; i < n; i++) {
      long hash = batchHash[i];
      Object key = oldKv[batch[i] << shift];
      Object value = shift == 0 ? null : oldKv[2 * batch[i] + 1];
      int kept = choiceIn(hash, batchBucket[i], oldBuckets);
      int keptBucket = ChoiceHasher.bucket(kept, buckets);
      if (tags[keptBucket] == 0) {
        addToChain(keptBucket, tagOf(kept), key, value);
      } else {
        placeUnchecked(hash, key, value);
      }
    }
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
    if (i >= tags.length) {
      // the key was just found, so hashing it again is cheap
      overflow.removeAt(i - tags.length, homeOf(hash(overflow.keyAt(i - tags.length))));
    } else if (i < buckets) {
      if ((tags[i] & HAS_NEXT) != 0) { // the chain's second entry becomes its inline head
        int s = next[i];
        keyValues[i << keyShift] = keyValues[s << keyShift];
        if (keyShift != 0) {
          keyValues[2 * i + 1] = keyValues[2 * s + 1];
        }
        tags[i] = tags[s];
        next[i] = next[s];
        freeExtraSlot(s);
      } else {
        clearSlot(i);
      }
      chained--;
    } else {
      int predecessor = predecessorOf(i);
      link(predecessor, next[i]);
      freeExtraSlot(i);
      chained--;
    }
    modCount++;
  }

  /** Returns the entry whose link points at entry {@code e} of the extra region. */
  private int predecessorOf(int e) {
    long hash = hash(keyValues[e << keyShift]);
    for (int c = 0; c < choices; c++) {
      int p = ChoiceHasher.bucket(ChoiceHasher.choice(hash, c), buckets);
      while ((tags[p] & HAS_NEXT) != 0) {
        if (next[p] == e) {
          return p;
        }
        p = next[p];
      }
    }
    throw new IllegalStateException("entry " + e + " is in none of its chains");
  }

  /** Puts slot {@code s} of the extra region on the free list. */
  private void freeExtraSlot(int s) {
    clearSlot(s);
    next[s] = freeExtra;
    freeExtra = s;
  }

  /** Empties slot {@code s}: no key, no value, tag 0. */
  private void clearSlot(int s) {
    keyValues[s << keyShift] = null;
    if (keyShift != 0) {
      keyValues[2 * s + 1] = null;
    }
    tags[s] = 0;
  }

  @Override
  public void clear() {
    Arrays.fill(keyValues, null);
    Arrays.fill(tags, (byte) 0);
    extraEnd = buckets;
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
      int position = 0;
      for (int e = b; position < chainLength[b]; e = next[e]) {
        position++;
        long hash = hash(keyValues[e << keyShift]);
        int c = 0;
        while (ChoiceHasher.bucket(ChoiceHasher.choice(hash, c), buckets) != b) {
          probesHit += chainLength[ChoiceHasher.bucket(ChoiceHasher.choice(hash, c), buckets)];
          c++;
        }
        perChoice[c]++;
        probesHit += position;
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
    copy.keyValues = keyValues.clone();
    copy.tags = tags.clone();
    copy.next = next.clone();
    copy.overflow = new OverflowArea(buckets, strategy);
    copy.overflow.copyFrom(overflow);
    return copy;
  }

  /**
   * Writes the settings, then the size and each key and value.
   *
   * @param out the stream
   * @throws IOException if the stream fails
   * @serialData the number of entries (int), then each key and value (Objects)
   */
  private void writeObject(ObjectOutputStream out) throws IOException {
    out.defaultWriteObject();
    writeEntries(out);
  }

  /**
   * Reads the settings, checks them, and inserts the entries again with this map's rule.
   *
   * @param in the stream
   * @throws IOException if the stream fails or holds an invalid map
   * @throws ClassNotFoundException if a key's or value's class cannot be found
   */
  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    if (!acceptsChoices(choices)) {
      throw new InvalidObjectException("invalid number of choices: " + choices);
    }
    if (hasher == null) {
      throw new InvalidObjectException("missing hasher");
    }
    try {
      checkLoadFactor(loadFactor);
    } catch (IllegalArgumentException e) {
      throw (InvalidObjectException) new InvalidObjectException(e.getMessage()).initCause(e);
    }
    chainLimit = chainLimitFor(loadFactor);
    allocate(MIN_BUCKETS, 0);
    readEntries(in);
  }
}
