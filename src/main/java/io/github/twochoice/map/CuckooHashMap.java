/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;
import io.github.twochoice.stats.CuckooStats;
import io.github.twochoice.stats.LoadStats;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Map;

/**
 * Bucketed cuckoo hashing: every key may live in any slot of its d buckets (d ≥ 2, b slots each),
 * so a lookup reads at most d buckets whatever happens; an insert that finds them full moves
 * resident keys to their other buckets along the shortest augmenting path, found by an exact search
 * ({@link CuckooTable}) rather than a bounded random walk.
 *
 * <p>A drop-in {@link Map}: null keys and values, fail-fast iterators, serializable, cloneable. Not
 * thread-safe. Defaults: d = 2, b = 4, maximum load 0.96 (the load factor, in keys per slot; the
 * placement threshold of d = 2, b = 4 is 0.98). The classic layout for teaching is {@code
 * builder().choices(2).slotsPerBucket(1).loadFactor(0.45)}: its threshold is 1/2.
 *
 * <p><b>Growth and failure.</b> The table doubles when the keys reach the maximum load. If a key
 * cannot be placed at all (no augmenting path), the table doubles if it is at least half as full as
 * the maximum load; below that the failure is blamed on the keys, not the load, and the key goes to
 * a stash. That is where keys with equal hash codes end up: they share all d buckets under every
 * seed, so more than d·b of them fit in no table, and growing would never help. The stash (indexed
 * by a {@link java.util.HashMap}, which treeifies equal-hash {@code Comparable} keys) keeps such a
 * flood at O(log n) per operation with a table that grows only with the entry count. Doubling
 * splits every bucket in two, each key keeping its choice (no search, no {@code hashCode()} call),
 * and then places the stashed keys again. A rebuild builds the new table completely before
 * replacing the old one, and a failed insert leaves the table untouched, so no key is ever lost or
 * duplicated, the new one and the last one moved included.
 *
 * <p>Cost: a lookup reads d buckets of fingerprints and, on a fingerprint match, one key; no
 * allocation. Memory: 13 bytes per slot (fingerprint, tag, key and value), slots 48 to 96 % full
 * with the defaults, plus one bit per bucket.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public final class CuckooHashMap<K, V> extends AbstractFlatMap<K, V> implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The default number of choices. */
  public static final int DEFAULT_CHOICES = 2;

  /** The default bucket size. */
  public static final int DEFAULT_SLOTS_PER_BUCKET = 4;

  /** The default maximum load, in keys per slot. */
  public static final double DEFAULT_MAX_LOAD = 0.96;

  /** A failed insert grows the table only at this fraction of the maximum load or above. */
  private static final double GROW_ON_FAILURE_FRACTION = 0.5;

  /** The number of buckets each key may live in, d. */
  private final int choices;

  /** The number of slots per bucket, b. */
  private final int slotsPerBucket;

  /** Keys per slot at which the table doubles. */
  private final double maxLoad;

  /** Turns keys into tags; its seed travels with the serialized map. */
  private final ChoiceHasher hasher;

  private transient CuckooTable table;
  private transient OverflowArea stash;
  private transient long[] evictionPaths;
  private transient long rehashesForLoad;
  private transient long rehashesForFailedInsert;
  private transient long stashInsertions;

  /** Creates an empty map with the default settings and a random seed. */
  public CuckooHashMap() {
    this(0);
  }

  /**
   * Creates an empty map that holds {@code expectedSize} entries without growing.
   *
   * @param expectedSize a number of entries, {@code >= 0}
   * @throws IllegalArgumentException if {@code expectedSize} is negative
   */
  public CuckooHashMap(int expectedSize) {
    this(builder().expectedSize(expectedSize));
  }

  /**
   * Creates a map with the mappings of {@code map}.
   *
   * @param map the mappings to copy
   * @throws NullPointerException if {@code map} is null
   */
  public CuckooHashMap(Map<? extends K, ? extends V> map) {
    this(map.size());
    putAll(map);
  }

  private CuckooHashMap(Builder builder) {
    if (builder.loadFactor > 1) {
      throw new IllegalArgumentException(
          "loadFactor (maximum load) must be <= 1: " + builder.loadFactor);
    }
    this.choices = builder.choices;
    this.slotsPerBucket = builder.slotsPerBucket;
    this.maxLoad = builder.loadFactor;
    this.hasher = builder.hasher();
    initialize(bucketsFor(builder.expectedSize));
  }

  private int bucketsFor(int entries) {
    return (int) Math.max(2, Math.ceil(entries / (maxLoad * slotsPerBucket)));
  }

  private void initialize(int buckets) {
    table = new CuckooTable(choices, slotsPerBucket, buckets, hasher);
    stash = new OverflowArea();
    evictionPaths = new long[4];
    rehashesForLoad = 0;
    rehashesForFailedInsert = 0;
    stashInsertions = 0;
  }

  /**
   * Returns a builder for d, b, the maximum load (as the load factor, keys per slot), the expected
   * size and the seed.
   *
   * @return a new builder with the defaults
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link CuckooHashMap}s. The load factor is the maximum load, in keys per slot. */
  public static final class Builder extends MapBuilder<Builder> {
    private int choices = DEFAULT_CHOICES;
    private int slotsPerBucket = DEFAULT_SLOTS_PER_BUCKET;

    private Builder() {
      super(DEFAULT_MAX_LOAD);
    }

    @Override
    Builder self() {
      return this;
    }

    /**
     * Sets the number of choices d.
     *
     * @param choices d, from 2 to 8
     * @return this builder
     * @throws IllegalArgumentException if {@code choices} is outside [2, 8]
     */
    public Builder choices(int choices) {
      if (choices < 2 || choices > CuckooTable.MAX_CHOICES) {
        throw new IllegalArgumentException(
            "choices must be between 2 and " + CuckooTable.MAX_CHOICES + ": " + choices);
      }
      this.choices = choices;
      return this;
    }

    /**
     * Sets the number of slots per bucket b.
     *
     * @param slotsPerBucket b, from 1 to 64
     * @return this builder
     * @throws IllegalArgumentException if {@code slotsPerBucket} is outside [1, 64]
     */
    public Builder slotsPerBucket(int slotsPerBucket) {
      if (slotsPerBucket < 1 || slotsPerBucket > CuckooTable.MAX_SLOTS_PER_BUCKET) {
        throw new IllegalArgumentException(
            "slotsPerBucket must be between 1 and "
                + CuckooTable.MAX_SLOTS_PER_BUCKET
                + ": "
                + slotsPerBucket);
      }
      this.slotsPerBucket = slotsPerBucket;
      return this;
    }

    /**
     * Returns a new empty map with this builder's settings.
     *
     * @param <K> the type of keys
     * @param <V> the type of values
     * @return a new map
     * @throws IllegalArgumentException if the load factor (maximum load) exceeds 1
     */
    public <K, V> CuckooHashMap<K, V> build() {
      return new CuckooHashMap<>(this);
    }
  }

  /**
   * Returns the number of buckets each key may live in.
   *
   * @return d
   */
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
   * Returns the load, in keys per slot, at which the table doubles.
   *
   * @return the maximum load
   */
  public double maxLoad() {
    return maxLoad;
  }

  /**
   * Returns the seed of this map's hash function.
   *
   * @return the seed
   */
  public long seed() {
    return hasher.seed();
  }

  // ---- Lookup ----

  @Override
  public int size() {
    return table.size() + stash.size();
  }

  @Override
  int indexOf(Object key) {
    return find(CuckooTable.tagOf(hasher.hash(key)), key);
  }

  private int find(int tag, Object key) {
    int slot = table.find(tag, key);
    if (slot >= 0 || stash.size() == 0) {
      return slot;
    }
    int stashed = stash.indexOf(key);
    return stashed < 0 ? -1 : table.cells() + stashed;
  }

  @Override
  int indexLimit() {
    return table.cells() + stash.size();
  }

  @Override
  boolean isLive(int index) {
    return index >= table.cells() || table.isLive(index);
  }

  @Override
  @SuppressWarnings("unchecked") // only K is ever stored as a key
  K keyAt(int index) {
    int cells = table.cells();
    return (K) (index < cells ? table.keyAt(index) : stash.keyAt(index - cells));
  }

  @Override
  @SuppressWarnings("unchecked") // only V is ever stored as a value
  V valueAt(int index) {
    int cells = table.cells();
    return (V) (index < cells ? table.valueAt(index) : stash.valueAt(index - cells));
  }

  @Override
  void setValueAt(int index, V value) {
    int cells = table.cells();
    if (index < cells) {
      table.setValueAt(index, value);
    } else {
      stash.setValueAt(index - cells, value);
    }
  }

  // ---- Insertion ----

  @Override
  public V put(K key, V value) {
    int tag = CuckooTable.tagOf(hasher.hash(key));
    int index = find(tag, key);
    if (index >= 0) {
      V old = valueAt(index);
      setValueAt(index, value);
      return old;
    }
    if (table.size() >= maxLoad * table.cells()) {
      rehashesForLoad++;
      grow();
    }
    insertAbsent(tag, key, value);
    modCount++;
    return null;
  }

  /**
   * Places an absent key: in the table, after growing if its load justifies it, or in the stash.
   */
  private void insertAbsent(int tag, Object key, Object value) {
    int moves = table.insert(tag, key, value);
    while (moves < 0) {
      if (table.size() < GROW_ON_FAILURE_FRACTION * maxLoad * table.cells()) {
        stash.add(key, value);
        stashInsertions++;
        return;
      }
      rehashesForFailedInsert++;
      grow();
      moves = table.insert(tag, key, value);
    }
    if (moves >= evictionPaths.length) {
      evictionPaths = Arrays.copyOf(evictionPaths, Math.max(2 * evictionPaths.length, moves + 1));
    }
    evictionPaths[moves]++;
  }

  /**
   * Doubles the table ({@link CuckooTable#doubled}: every key keeps its choice, no search), then
   * places the stashed keys again; those that still do not fit stay stashed.
   */
  private void grow() {
    CuckooTable larger = table.doubled();
    OverflowArea largerStash = new OverflowArea();
    for (int i = 0; i < stash.size(); i++) {
      Object key = stash.keyAt(i);
      if (larger.insert(CuckooTable.tagOf(hasher.hash(key)), key, stash.valueAt(i)) < 0) {
        largerStash.add(key, stash.valueAt(i));
      }
    }
    table = larger;
    stash = largerStash;
    modCount++;
  }

  // ---- Removal ----

  @Override
  void removeAt(int index) {
    int cells = table.cells();
    if (index < cells) {
      table.removeAt(index);
    } else {
      stash.removeAt(index - cells);
    }
    modCount++;
  }

  @Override
  public void clear() {
    table.clear();
    stash.clear();
    modCount++;
  }

  // ---- Statistics ----

  /**
   * Returns a snapshot of the bucket loads and lookup costs.
   *
   * <p>A <em>probe</em> is one bucket examined; consulting the stash counts as one probe. Probes
   * are counted for a search in choice order, the figure of the theory, so a key in its i-th choice
   * (from 0) costs i + 1 probes and a stashed one d + 1 (the lookup itself reads the first two
   * buckets' fingerprints together); {@link LoadStats#meanProbesMiss()} is d, plus one while the
   * stash is in use. {@link LoadStats#entriesPerChoice()} counts the keys living in their first,
   * second, ... bucket, and {@link LoadStats#overflow()} the stashed keys.
   *
   * <p>Cost: O(slots · d) time.
   *
   * @return the statistics of this map now
   */
  @Override
  public LoadStats loadStats() {
    long[] histogram = new long[slotsPerBucket + 1];
    for (int bucket = 0; bucket < table.buckets(); bucket++) {
      histogram[table.loadOf(bucket)]++;
    }
    long[] perChoice = new long[choices];
    long probesHit = 0;
    for (int slot = 0; slot < table.cells(); slot++) {
      if (table.isLive(slot)) {
        int choice = table.choiceAt(slot);
        perChoice[choice]++;
        probesHit += choice + 1;
      }
    }
    probesHit += (long) stash.size() * (choices + 1);
    return LoadStats.builder(histogram)
        .entriesPerChoice(perChoice)
        .overflow(stash.size())
        .meanProbes(
            size() == 0 ? 0 : (double) probesHit / size(), choices + (stash.size() > 0 ? 1 : 0))
        .build();
  }

  /**
   * Returns what the inserts have cost since the map was created or deserialized: eviction-path
   * lengths, rebuilds and their causes, and stash use.
   *
   * @return the cuckoo statistics of this map now
   */
  public CuckooStats cuckooStats() {
    int length = evictionPaths.length;
    while (length > 1 && evictionPaths[length - 1] == 0) {
      length--;
    }
    return new CuckooStats(
        Arrays.copyOf(evictionPaths, length),
        rehashesForLoad,
        rehashesForFailedInsert,
        stashInsertions,
        stash.size());
  }

  // ---- Copying and serialization ----

  @Override
  public CuckooHashMap<K, V> clone() {
    CuckooHashMap<K, V> copy = (CuckooHashMap<K, V>) super.clone();
    copy.table = table.copy();
    copy.stash = stash.copy();
    copy.evictionPaths = evictionPaths.clone();
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
    if (choices < 2 || choices > CuckooTable.MAX_CHOICES) {
      throw new InvalidObjectException("invalid number of choices: " + choices);
    }
    if (slotsPerBucket < 1 || slotsPerBucket > CuckooTable.MAX_SLOTS_PER_BUCKET) {
      throw new InvalidObjectException("invalid slots per bucket: " + slotsPerBucket);
    }
    if (!(maxLoad > 0) || maxLoad > 1) {
      throw new InvalidObjectException("invalid maximum load: " + maxLoad);
    }
    if (hasher == null) {
      throw new InvalidObjectException("missing hasher");
    }
    initialize(2);
    readEntries(in);
  }
}
