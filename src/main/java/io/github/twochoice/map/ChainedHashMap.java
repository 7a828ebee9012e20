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
import java.util.HashMap;
import java.util.Objects;

/**
 * A chained hash table in flat arrays in which each key has d candidate buckets and joins the
 * shortest of their chains (ties go to the earlier choice); d = 1 is classic chaining.
 *
 * <p>Think of each entry as an imaginary object {@code Entry { K key; V value; int tag; int next;
 * }} stored in parallel arrays at an <em>entry index</em> {@code e}:
 *
 * <ul>
 *   <li>{@code keyValues[2e]}, {@code keyValues[2e + 1]}: the key and value, side by side so that a
 *       hit reads one cache line;
 *   <li>{@code tags[e]}: the 32-bit choice hash that placed the entry ({@link
 *       ChoiceHasher#choice}); its high bits give the entry's bucket in a table of any size, so
 *       growth moves entries without calling {@code hashCode()};
 *   <li>{@code fingerprints[e]}: 7 low bits of the tag, never 0, which reject most non-matching
 *       entries without calling {@code equals}, and in the sign bit whether the entry has a
 *       successor ({@link #HAS_NEXT}); 0 marks an empty bucket. At a byte per entry this array
 *       stays in cache where {@code tags} and {@code next} would not, so a lookup's only memory
 *       accesses are the slot of the matching key and the key itself, plus a link only where a
 *       chain really continues;
 *   <li>{@code next[e]}: the next entry in the same chain, {@link #NONE} at the end, or {@link
 *       #IN_OVERFLOW} for an entry kept in the overflow area.
 * </ul>
 *
 * <p><b>Inline heads.</b> Indices {@code [0, buckets)} are the buckets themselves: the first entry
 * of bucket b's chain lives at index b (an empty bucket has fingerprint 0), so a hit on a chain's
 * first entry — three keys in four at load 1 — reads the key's slot directly and then the key, two
 * dependent memory accesses, as in an open-addressing table. The rest of each chain lives in a
 * dense <em>extra region</em> {@code [buckets, buckets + extra)}, linked from the head. Removing a
 * head promotes its successor into the bucket; removing from the extra region moves its last entry
 * into the hole, so iteration skips only empty buckets and memory follows the entry count.
 *
 * <p>A lookup scans the d chains in choice order, then the overflow area if there is one. An
 * insertion joins the shortest chain (inline if its bucket is empty, else right behind the head).
 * Growth doubles the buckets and keeps every entry in the choice it has (its tag): each old chain
 * splits over the new buckets, so the maximum load does not rise and no key is rehashed.
 *
 * <p><b>Keys with equal hash codes.</b> Such keys share all d buckets under every seed, so no
 * choice can separate them. When all d chains of a new key already hold {@link #chainLimit()}
 * entries (far beyond what random hashing produces: a chain of 16 at load 1 has probability below
 * 10<sup>-13</sup> even with one choice), the key goes to an overflow area, a {@link HashMap} from
 * key to entry index, which treeifies equal-hash {@code Comparable} keys. A flood of such keys
 * therefore costs O(log n) per operation instead of O(n) and never grows the table beyond what the
 * entry count needs.
 *
 * <p>Cost: a lookup computes one hash and reads about {@code d * load} chain entries on a miss,
 * fewer on a hit; no allocation. Memory: 17 bytes per bucket (its inline slot) plus 17 bytes per
 * entry of the extra region (about a quarter of the entries at load 1, with room to grow).
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
abstract class ChainedHashMap<K, V> extends AbstractFlatMap<K, V> implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The default number of entries per bucket before the table grows. */
  static final double DEFAULT_LOAD_FACTOR = 1.0;

  /** The most choices a map accepts: beyond it a miss reads more than balance saves. */
  static final int MAX_CHOICES = 8;

  /** Chain length, per unit of load factor, at which new keys go to the overflow area. */
  private static final int CHAIN_LIMIT_PER_UNIT_LOAD = 16;

  private static final int MIN_BUCKETS = 4;

  /** The least room kept for chain entries beyond the inline heads. */
  private static final int MIN_EXTRA = 4;

  /** The most entry slots: twice it must still be a valid array length. */
  private static final int MAX_SLOTS = (Integer.MAX_VALUE - 16) / 2;

  /** End of a chain (in {@code next}). */
  private static final int NONE = -1;

  /** The {@code next} of an entry that lives in the overflow area, not in a chain. */
  private static final int IN_OVERFLOW = -2;

  /** The fingerprint bit set iff the entry's {@code next} is another entry. */
  private static final int HAS_NEXT = 0x80;

  /** The fingerprint bits that come from the tag. */
  private static final int FINGERPRINT_BITS = 0x7F;

  /** The number of buckets each key may join, d. */
  private final int choices;

  /** Entries per bucket at which the table grows. */
  private final double loadFactor;

  /** Turns keys into choices; its seed travels with the serialized map. */
  private final ChoiceHasher hasher;

  private transient Object[] keyValues;
  private transient int[] tags;
  private transient byte[] fingerprints;
  private transient int[] next;
  private transient int buckets;
  private transient int extra;
  private transient int size;
  private transient HashMap<Object, Integer> overflow; // null while empty

  ChainedHashMap(int choices, int expectedSize, double loadFactor, ChoiceHasher hasher) {
    this.choices = choices;
    this.loadFactor = checkLoadFactor(loadFactor);
    this.hasher = Objects.requireNonNull(hasher, "hasher");
    if (expectedSize < 0) {
      throw new IllegalArgumentException("expectedSize must be >= 0: " + expectedSize);
    }
    int initialBuckets = bucketsFor(expectedSize);
    allocate(initialBuckets, defaultExtraCapacity(initialBuckets));
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
  public int choices() {
    return choices;
  }

  /**
   * Returns the number of entries per bucket at which the table grows.
   *
   * @return the load factor
   */
  public double loadFactor() {
    return loadFactor;
  }

  /**
   * Returns the seed of this map's hash function.
   *
   * @return the seed
   */
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
    return CHAIN_LIMIT_PER_UNIT_LOAD * (int) Math.ceil(loadFactor);
  }

  /**
   * Replaces the arrays by empty ones with {@code buckets} inline slots and room for {@code
   * extraCapacity} chain entries. The arrays are allocated before any field changes, so running out
   * of memory leaves the map as it was.
   */
  private void allocate(int buckets, int extraCapacity) {
    int capacity = buckets + extraCapacity;
    Object[] kv = new Object[2 * capacity];
    int[] t = new int[capacity];
    byte[] fp = new byte[capacity];
    int[] nx = new int[capacity];
    Arrays.fill(nx, NONE);
    keyValues = kv;
    tags = t;
    fingerprints = fp;
    next = nx;
    this.buckets = buckets;
    extra = 0;
    size = 0;
    overflow = null;
  }

  private static int defaultExtraCapacity(int buckets) {
    return Math.max(MIN_EXTRA, buckets / 4);
  }

  private int bucketsFor(int entries) {
    int wanted = (int) Math.max(MIN_BUCKETS, Math.ceil(entries / loadFactor)); // saturates
    return Math.min(MAX_SLOTS / 2, wanted);
  }

  // ---- Lookup ----

  @Override
  public int size() {
    return size;
  }

  @Override
  int indexOf(Object key) {
    return find(hasher.hash(key), key);
  }

  /**
   * Scans the d chains of a key in choice order, then the overflow area. One loop walks every chain
   * and holds the only {@code equals} call, which keeps the compiled method small enough for the
   * JIT to inline it into the caller's loop (a String's {@code equals} alone compiles to a few
   * hundred bytes). A link is read only where the fingerprint byte says the chain continues.
   */
  private int find(long hash, Object key) {
    byte[] fps = fingerprints;
    Object[] kv = keyValues;
    int choice = 0;
    int tag = ChoiceHasher.choice(hash, 0);
    int fingerprint = fingerprint(tag);
    int e = ChoiceHasher.bucket(tag, buckets);
    int f = fps[e];
    while (true) {
      if ((f & FINGERPRINT_BITS) == fingerprint) { // never true for an empty bucket (f = 0)
        Object k = kv[2 * e];
        if (k == key || (key != null && key.equals(k))) {
          return e;
        }
      }
      if ((f & HAS_NEXT) != 0) {
        e = next[e];
      } else if (++choice < choices) {
        tag = ChoiceHasher.choice(hash, choice);
        fingerprint = fingerprint(tag);
        e = ChoiceHasher.bucket(tag, buckets);
      } else {
        return findInOverflow(key);
      }
      f = fps[e];
    }
  }

  /** The fingerprint of a tag: its low 7 bits, with 0 (an empty bucket) replaced by 1. */
  private static int fingerprint(int tag) {
    int f = tag & FINGERPRINT_BITS;
    return f | ((f - 1) >>> 31);
  }

  /** Sets {@code next[e]} and keeps the {@link #HAS_NEXT} bit of e's fingerprint in step. */
  private void link(int e, int target) {
    next[e] = target;
    fingerprints[e] =
        (byte) (target >= 0 ? fingerprints[e] | HAS_NEXT : fingerprints[e] & FINGERPRINT_BITS);
  }

  private int findInOverflow(Object key) {
    return overflow == null ? NONE : overflow.getOrDefault(key, NONE);
  }

  @Override
  int indexLimit() {
    return buckets + extra;
  }

  @Override
  boolean isLive(int index) {
    return index >= buckets || fingerprints[index] != 0;
  }

  @Override
  @SuppressWarnings("unchecked") // only K is ever stored at even indices of live entries
  K keyAt(int index) {
    return (K) keyValues[2 * index];
  }

  @Override
  @SuppressWarnings("unchecked") // only V is ever stored at odd indices
  V valueAt(int index) {
    return (V) keyValues[2 * index + 1];
  }

  @Override
  void setValueAt(int index, V value) {
    keyValues[2 * index + 1] = value;
  }

  // ---- Insertion ----

  @Override
  public V put(K key, V value) {
    long hash = hasher.hash(key);
    int index = find(hash, key);
    if (index >= 0) {
      V old = valueAt(index);
      setValueAt(index, value);
      return old;
    }
    if (size >= loadFactor * buckets && buckets < MAX_SLOTS / 2) {
      rebuild(2 * buckets);
    }
    int shortestTag = 0;
    int shortestBucket = 0;
    int shortestLength = Integer.MAX_VALUE;
    for (int c = 0; c < choices; c++) {
      int tag = ChoiceHasher.choice(hash, c);
      int bucket = ChoiceHasher.bucket(tag, buckets);
      int length = chainLength(bucket);
      if (length < shortestLength) {
        shortestTag = tag;
        shortestBucket = bucket;
        shortestLength = length;
      }
    }
    if (shortestLength < chainLimit()) {
      place(shortestBucket, shortestTag, key, value);
    } else {
      addToOverflow(key, value, shortestTag);
    }
    size++;
    modCount++;
    return null;
  }

  /** Adds an entry to bucket b's chain: inline if the bucket is empty, else right after it. */
  private void place(int b, int tag, Object key, Object value) {
    if (fingerprints[b] == 0) {
      keyValues[2 * b] = key;
      keyValues[2 * b + 1] = value;
      tags[b] = tag;
      fingerprints[b] = (byte) fingerprint(tag);
      next[b] = NONE;
    } else {
      int e = addExtra(key, value, tag, next[b]); // may replace the arrays: store after it
      link(b, e);
    }
  }

  /** Keeps an entry whose chains are all full in the extra region, indexed by key. */
  private void addToOverflow(Object key, Object value, int tag) {
    int e = addExtra(key, value, tag, IN_OVERFLOW);
    if (overflow == null) {
      overflow = new HashMap<>();
    }
    overflow.put(key, e);
  }

  /** Appends an entry to the extra region, growing the arrays if it is full. */
  private int addExtra(Object key, Object value, int tag, int successor) {
    int e = buckets + extra;
    if (e == next.length) {
      int capacity = (int) Math.min(MAX_SLOTS, e + Math.max(MIN_EXTRA, e / 2L));
      if (capacity == e) {
        throw new IllegalStateException("map is full: " + e + " entries");
      }
      Object[] kv = Arrays.copyOf(keyValues, 2 * capacity);
      int[] t = Arrays.copyOf(tags, capacity);
      byte[] fp = Arrays.copyOf(fingerprints, capacity);
      int[] nx = Arrays.copyOf(next, capacity);
      keyValues = kv;
      tags = t;
      fingerprints = fp;
      next = nx;
    }
    keyValues[2 * e] = key;
    keyValues[2 * e + 1] = value;
    tags[e] = tag;
    fingerprints[e] = (byte) fingerprint(tag);
    link(e, successor);
    extra++;
    return e;
  }

  private int chainLength(int b) {
    if (fingerprints[b] == 0) {
      return 0;
    }
    int length = 1;
    for (int e = b; (fingerprints[e] & HAS_NEXT) != 0; e = next[e]) {
      length++;
    }
    return length;
  }

  /**
   * Rebuilds the table with {@code newBuckets} buckets, keeping every entry in the choice it has
   * (its tag): each old chain splits over the new buckets, so the maximum load does not rise.
   * Entries in the overflow area stay there. The new arrays are sized by a first pass and filled by
   * a second, so nothing is allocated while entries move.
   */
  private void rebuild(int newBuckets) {
    Object[] oldKv = keyValues;
    int[] oldTags = tags;
    byte[] oldFingerprints = fingerprints;
    int[] oldNext = next;
    int oldLimit = buckets + extra;
    boolean[] inlineTaken = new boolean[newBuckets];
    int inline = 0;
    for (int i = 0; i < oldLimit; i++) {
      if (oldFingerprints[i] != 0 && oldNext[i] != IN_OVERFLOW) {
        int b = ChoiceHasher.bucket(oldTags[i], newBuckets);
        inline += inlineTaken[b] ? 0 : 1;
        inlineTaken[b] = true;
      }
    }
    int entries = size;
    HashMap<Object, Integer> oldOverflow = overflow;
    allocate(newBuckets, Math.max(entries - inline + MIN_EXTRA, newBuckets / 4));
    size = entries;
    overflow = oldOverflow == null ? null : new HashMap<>();
    for (int i = 0; i < oldLimit; i++) {
      if (oldFingerprints[i] == 0) {
        continue;
      }
      Object key = oldKv[2 * i];
      if (oldNext[i] == IN_OVERFLOW) {
        overflow.put(key, addExtra(key, oldKv[2 * i + 1], oldTags[i], IN_OVERFLOW));
      } else {
        place(ChoiceHasher.bucket(oldTags[i], newBuckets), oldTags[i], key, oldKv[2 * i + 1]);
      }
    }
    modCount++;
  }

  // ---- Removal ----

  @Override
  void removeAt(int i) {
    if (i < buckets) {
      int s = next[i];
      if (s >= 0) { // the chain's second entry becomes its inline head
        keyValues[2 * i] = keyValues[2 * s];
        keyValues[2 * i + 1] = keyValues[2 * s + 1];
        tags[i] = tags[s];
        fingerprints[i] = fingerprints[s];
        next[i] = next[s];
        deleteExtra(s);
      } else {
        keyValues[2 * i] = null;
        keyValues[2 * i + 1] = null;
        fingerprints[i] = 0;
      }
    } else {
      if (next[i] == IN_OVERFLOW) {
        overflow.remove(keyValues[2 * i]);
        if (overflow.isEmpty()) {
          overflow = null;
        }
      } else {
        relink(i, next[i]);
      }
      deleteExtra(i);
    }
    size--;
    modCount++;
  }

  /** Frees slot s of the extra region (no link points to it) by moving the last entry into it. */
  private void deleteExtra(int s) {
    int last = buckets + extra - 1;
    if (s != last) {
      keyValues[2 * s] = keyValues[2 * last];
      keyValues[2 * s + 1] = keyValues[2 * last + 1];
      tags[s] = tags[last];
      fingerprints[s] = fingerprints[last];
      next[s] = next[last];
      if (next[last] == IN_OVERFLOW) {
        overflow.put(keyValues[2 * s], s);
      } else {
        relink(last, s);
      }
    }
    keyValues[2 * last] = null;
    keyValues[2 * last + 1] = null;
    fingerprints[last] = 0;
    next[last] = NONE;
    extra--;
  }

  /** Makes the link that points at extra entry {@code e} of a chain point at {@code target}. */
  private void relink(int e, int target) {
    int p = ChoiceHasher.bucket(tags[e], buckets);
    while (next[p] != e) {
      p = next[p];
    }
    link(p, target);
  }

  @Override
  public void clear() {
    Arrays.fill(keyValues, null);
    Arrays.fill(fingerprints, (byte) 0);
    Arrays.fill(next, NONE);
    extra = 0;
    size = 0;
    overflow = null;
    modCount++;
  }

  // ---- Statistics ----

  /**
   * Returns a snapshot of the chain lengths and lookup costs.
   *
   * <p>A <em>probe</em> is one chain entry examined (one cached-hash comparison); consulting the
   * overflow area counts as one probe. A successful lookup of a key scans the chains of the choices
   * before its own in full, then its own chain up to the key: {@link LoadStats#meanProbesHit()}
   * averages that over all keys. {@link LoadStats#meanProbesMiss()} is the mean number of chain
   * entries in d buckets chosen independently and uniformly, {@code d * (chained entries /
   * buckets)}, plus one if there is an overflow area. {@link LoadStats#entriesPerChoice()} counts
   * the keys in their first, second, ... choice.
   *
   * <p>Cost: O(size + buckets) time, with one {@code hashCode()} call per key.
   *
   * @return the statistics of this map now
   */
  @Override
  public LoadStats loadStats() {
    int limit = buckets + extra;
    int[] chainLength = new int[buckets];
    int[] position = new int[limit]; // 1-based position of each chained entry in its chain
    int maxLength = 0;
    for (int b = 0; b < buckets; b++) {
      if (fingerprints[b] == 0) {
        continue;
      }
      int p = 1;
      position[b] = 1;
      for (int e = next[b]; e >= 0; e = next[e]) {
        position[e] = ++p;
      }
      chainLength[b] = p;
      maxLength = Math.max(maxLength, p);
    }
    long[] histogram = new long[maxLength + 1];
    for (int length : chainLength) {
      histogram[length]++;
    }
    long[] perChoice = new long[choices];
    long probesHit = 0;
    for (int e = nextLive(0); e < limit; e = nextLive(e + 1)) {
      long hash = hasher.hash(keyValues[2 * e]);
      boolean chained = next[e] != IN_OVERFLOW;
      for (int c = 0; c < choices; c++) {
        int tag = ChoiceHasher.choice(hash, c);
        if (chained && tag == tags[e]) {
          probesHit += position[e];
          perChoice[c]++;
          break;
        }
        probesHit += chainLength[ChoiceHasher.bucket(tag, buckets)];
      }
      probesHit += chained ? 0 : 1;
    }
    int overflowSize = overflow == null ? 0 : overflow.size();
    double probesMiss =
        (double) choices * (size - overflowSize) / buckets + (overflowSize > 0 ? 1 : 0);
    return LoadStats.builder(histogram)
        .entriesPerChoice(perChoice)
        .overflow(overflowSize)
        .meanProbes(size == 0 ? 0 : (double) probesHit / size, probesMiss)
        .build();
  }

  // ---- Copying and serialization ----

  @Override
  public ChainedHashMap<K, V> clone() {
    ChainedHashMap<K, V> copy = (ChainedHashMap<K, V>) super.clone();
    copy.keyValues = keyValues.clone();
    copy.tags = tags.clone();
    copy.fingerprints = fingerprints.clone();
    copy.next = next.clone();
    copy.overflow = overflow == null ? null : new HashMap<>(overflow);
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
    allocate(MIN_BUCKETS, defaultExtraCapacity(MIN_BUCKETS));
    readEntries(in);
  }
}
