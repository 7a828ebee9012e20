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
 *       ChoiceHasher#choice}); its high bits give the entry's bucket in a table of any size and its
 *       low bits reject most non-matching entries without calling {@code equals};
 *   <li>{@code next[e]}: the next entry in the same chain, {@link #NONE} at the end, or {@link
 *       #IN_OVERFLOW} for an entry kept in the overflow area.
 * </ul>
 *
 * {@code heads[b]} is the first entry of bucket b's chain. Entries are dense: indices {@code [0,
 * size)} are all live. Removing an entry moves the last entry into its place, so iteration is a
 * scan of {@code [0, size)} and memory is proportional to the capacity, not to past removals.
 *
 * <p>A lookup scans the d chains in choice order, then the overflow area if there is one. An
 * insertion appends to the shortest chain. A resize keeps every entry in the choice it has (its
 * tag): each old chain splits over the new buckets, so the maximum load does not rise.
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
 * fewer on a hit; no allocation. Memory: 16 bytes per entry of capacity plus 4 bytes per bucket.
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

  private static final int MIN_CAPACITY = 4;

  /** The largest capacity: twice it must still be a valid array length. */
  private static final int MAX_CAPACITY = (Integer.MAX_VALUE - 16) / 2;

  /** End of a chain (in {@code heads} and {@code next}). */
  private static final int NONE = -1;

  /** The {@code next} of an entry that lives in the overflow area, not in a chain. */
  private static final int IN_OVERFLOW = -2;

  /** The number of buckets each key may join, d. */
  private final int choices;

  /** Entries per bucket at which the table grows. */
  private final double loadFactor;

  /** Turns keys into choices; its seed travels with the serialized map. */
  private final ChoiceHasher hasher;

  private transient Object[] keyValues;
  private transient int[] tags;
  private transient int[] next;
  private transient int[] heads;
  private transient int size;
  private transient HashMap<Object, Integer> overflow; // null while empty

  ChainedHashMap(int choices, int expectedSize, double loadFactor, ChoiceHasher hasher) {
    this.choices = choices;
    this.loadFactor = checkLoadFactor(loadFactor);
    this.hasher = Objects.requireNonNull(hasher, "hasher");
    if (expectedSize < 0) {
      throw new IllegalArgumentException("expectedSize must be >= 0: " + expectedSize);
    }
    allocate(Math.max(MIN_CAPACITY, expectedSize));
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

  private void allocate(int capacity) {
    keyValues = new Object[2 * capacity];
    tags = new int[capacity];
    next = new int[capacity];
    heads = newHeads(capacity);
    size = 0;
    overflow = null;
  }

  private int[] newHeads(int capacity) {
    int[] h = new int[(int) Math.min(MAX_CAPACITY, Math.ceil(capacity / loadFactor))];
    Arrays.fill(h, NONE);
    return h;
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
   * Scans the d chains of a key in choice order. The heads of the first two chains are both read
   * before either chain is scanned, so that their cache misses overlap.
   */
  private int find(long hash, Object key) {
    int[] first = heads;
    int tag0 = ChoiceHasher.choice(hash, 0);
    int tag1 = ChoiceHasher.choice(hash, 1);
    int head0 = first[ChoiceHasher.bucket(tag0, first.length)];
    int head1 = choices > 1 ? first[ChoiceHasher.bucket(tag1, first.length)] : NONE;
    int e = scanChain(head0, tag0, key);
    if (e >= 0 || choices == 1) {
      return e >= 0 ? e : findInOverflow(key);
    }
    e = scanChain(head1, tag1, key);
    for (int c = 2; e < 0 && c < choices; c++) {
      int tag = ChoiceHasher.choice(hash, c);
      e = scanChain(first[ChoiceHasher.bucket(tag, first.length)], tag, key);
    }
    return e >= 0 ? e : findInOverflow(key);
  }

  /** Returns the entry of {@code key} in the chain starting at {@code e}, or -1. */
  private int scanChain(int e, int tag, Object key) {
    Object[] kv = keyValues;
    int[] tagOf = tags;
    int[] nextOf = next;
    for (; e >= 0; e = nextOf[e]) {
      if (tagOf[e] == tag) {
        Object k = kv[2 * e];
        if (k == key || (key != null && key.equals(k))) {
          return e;
        }
      }
    }
    return NONE;
  }

  private int findInOverflow(Object key) {
    return overflow == null ? NONE : overflow.getOrDefault(key, NONE);
  }

  @Override
  int indexLimit() {
    return size;
  }

  @Override
  boolean isLive(int index) {
    return true;
  }

  @Override
  @SuppressWarnings("unchecked") // only K is ever stored at even indices
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
    insert(hash, key, value);
    return null;
  }

  /** Adds an absent key to the shortest of its chains, or to the overflow area. */
  private void insert(long hash, K key, V value) {
    if (size == next.length) {
      grow();
    }
    int shortestTag = 0;
    int shortestBucket = 0;
    int shortestLength = Integer.MAX_VALUE;
    for (int c = 0; c < choices; c++) {
      int tag = ChoiceHasher.choice(hash, c);
      int bucket = ChoiceHasher.bucket(tag, heads.length);
      int length = chainLength(bucket);
      if (length < shortestLength) {
        shortestTag = tag;
        shortestBucket = bucket;
        shortestLength = length;
      }
    }
    int e = size++;
    keyValues[2 * e] = key;
    keyValues[2 * e + 1] = value;
    tags[e] = shortestTag;
    if (shortestLength < chainLimit()) {
      next[e] = heads[shortestBucket];
      heads[shortestBucket] = e;
    } else {
      next[e] = IN_OVERFLOW;
      if (overflow == null) {
        overflow = new HashMap<>();
      }
      overflow.put(key, e);
    }
    modCount++;
  }

  private int chainLength(int bucket) {
    int length = 0;
    for (int e = heads[bucket]; e >= 0; e = next[e]) {
      length++;
    }
    return length;
  }

  private void grow() {
    int capacity = next.length;
    if (capacity == MAX_CAPACITY) {
      throw new IllegalStateException("map is full: " + MAX_CAPACITY + " entries");
    }
    int newCapacity = (int) Math.min(MAX_CAPACITY, 2L * capacity);
    // Allocate everything before changing any field, so that running out of memory loses nothing.
    Object[] newKeyValues = Arrays.copyOf(keyValues, 2 * newCapacity);
    int[] newTags = Arrays.copyOf(tags, newCapacity);
    int[] newNext = Arrays.copyOf(next, newCapacity);
    int[] newHeads = newHeads(newCapacity);
    for (int e = 0; e < size; e++) {
      if (newNext[e] != IN_OVERFLOW) {
        int bucket = ChoiceHasher.bucket(newTags[e], newHeads.length);
        newNext[e] = newHeads[bucket];
        newHeads[bucket] = e;
      }
    }
    keyValues = newKeyValues;
    tags = newTags;
    next = newNext;
    heads = newHeads;
    modCount++;
  }

  // ---- Removal ----

  @Override
  void removeAt(int e) {
    if (next[e] == IN_OVERFLOW) {
      overflow.remove(keyAt(e));
      if (overflow.isEmpty()) {
        overflow = null;
      }
    } else {
      relink(e, next[e]);
    }
    int last = --size;
    if (e != last) {
      moveLastEntry(last, e);
    }
    keyValues[2 * last] = null;
    keyValues[2 * last + 1] = null;
    modCount++;
  }

  /** Moves entry {@code from} to the free index {@code to}, redirecting the link to it. */
  private void moveLastEntry(int from, int to) {
    keyValues[2 * to] = keyValues[2 * from];
    keyValues[2 * to + 1] = keyValues[2 * from + 1];
    tags[to] = tags[from];
    next[to] = next[from];
    if (next[from] == IN_OVERFLOW) {
      overflow.put(keyValues[2 * to], to);
    } else {
      relink(from, to);
    }
  }

  /** Makes the link that points at chained entry {@code e} point at {@code target} instead. */
  private void relink(int e, int target) {
    int bucket = ChoiceHasher.bucket(tags[e], heads.length);
    if (heads[bucket] == e) {
      heads[bucket] = target;
      return;
    }
    int p = heads[bucket];
    while (next[p] != e) {
      p = next[p];
    }
    next[p] = target;
  }

  @Override
  public void clear() {
    Arrays.fill(keyValues, 0, 2 * size, null);
    Arrays.fill(heads, NONE);
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
    int buckets = heads.length;
    int[] chainLength = new int[buckets];
    int[] position = new int[size]; // 1-based position of each chained entry in its chain
    int maxLength = 0;
    for (int b = 0; b < buckets; b++) {
      int p = 0;
      for (int e = heads[b]; e >= 0; e = next[e]) {
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
    for (int e = 0; e < size; e++) {
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
    copy.next = next.clone();
    copy.heads = heads.clone();
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
    allocate(MIN_CAPACITY);
    readEntries(in);
  }
}
