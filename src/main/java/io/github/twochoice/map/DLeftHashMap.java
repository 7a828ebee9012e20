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
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Map;

/**
 * Vöcking's d-left hashing: the table is split into d equal subtables, left to right; a key has one
 * bucket in each, goes to the least loaded of them, and <b>ties go to the leftmost</b>. With n keys
 * in n buckets the fullest bucket holds {@code ln ln n / (d ln φ_d) + O(1)} keys, φ_d the d-th
 * generalized golden ratio: two asymmetric choices balance like 2.6 symmetric ones (Vöcking, "How
 * asymmetry helps load balancing", 1999).
 *
 * <p>A drop-in {@link Map}: null keys and values, fail-fast iterators, serializable, cloneable. Not
 * thread-safe.
 *
 * <p><b>Layout.</b> Buckets have a fixed capacity c (default 7) and live in flat arrays: bucket
 * {@code b} owns {@code c + 1} bytes of {@code meta} — its entry count, then one 8-bit fingerprint
 * per slot — and the key and value slots {@code keyValues[2(bc + j)]}, {@code keyValues[2(bc + j) +
 * 1]}. With the default 7 slots a bucket's metadata is 8 aligned bytes, so a lookup reads one cache
 * line per subtable to rule a bucket out, and calls {@code equals} only on a fingerprint match (1
 * in 256 for another key). Slots of a bucket are filled from the left; removing an entry moves the
 * bucket's last entry into the hole.
 *
 * <p><b>When all d buckets of a key are full</b>, the key goes to an overflow area (a small dense
 * table indexed by a {@link java.util.HashMap}), which lookups consult only while it is non-empty.
 * With the default settings random keys essentially never get there (none in 10<sup>6</sup> at the
 * highest load); keys with equal hash codes, which share all their buckets under every seed, do
 * once their d buckets are full, and then cost O(log n) each instead of growing the table. The
 * table grows by half when the entries reach the load factor (default 5 per bucket of 7): every
 * entry, including those in overflow, is placed again by the d-left rule into the larger table,
 * which is built completely before it replaces the old one.
 *
 * <p>Cost: a lookup reads at most d buckets (one probe each) plus the overflow area if it is in
 * use; no allocation. An insertion reads the d bucket counts. Growth rehashes every key (one {@code
 * hashCode()} call each). Memory: {@code 8 + 1 + 1/c} bytes per slot, slots 47 to 71 % full with
 * the defaults.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public final class DLeftHashMap<K, V> extends AbstractFlatMap<K, V> implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The default number of subtables. */
  public static final int DEFAULT_SUBTABLES = 2;

  /** The default bucket capacity: with its count byte, a bucket's metadata fills 8 bytes. */
  public static final int DEFAULT_BUCKET_CAPACITY = 7;

  /**
   * The default load factor as a fraction of the bucket capacity: 5 entries per bucket of 7 slots.
   * Measured: at this fill no random key overflowed among 10<sup>6</sup> (d = 2, c = 7).
   */
  public static final double DEFAULT_FILL = 5.0 / 7;

  /** The most subtables a map accepts. */
  public static final int MAX_SUBTABLES = 8;

  /** The largest bucket capacity (the count is one byte). */
  public static final int MAX_BUCKET_CAPACITY = 127;

  private static final int MAX_SLOTS = (Integer.MAX_VALUE - 16) / 2;

  /** The number of subtables, d. */
  private final int subtables;

  /** The number of slots per bucket, c. */
  private final int bucketCapacity;

  /** Entries per bucket at which the table grows. */
  private final double loadFactor;

  /** Turns keys into choices; its seed travels with the serialized map. */
  private final ChoiceHasher hasher;

  private transient int bucketsPerSubtable;
  private transient byte[] meta;
  private transient Object[] keyValues;
  private transient int size;
  private transient OverflowArea overflow;

  /** Creates an empty map with the default settings and a random seed. */
  public DLeftHashMap() {
    this(0);
  }

  /**
   * Creates an empty map that holds {@code expectedSize} entries without growing.
   *
   * @param expectedSize a number of entries, {@code >= 0}
   * @throws IllegalArgumentException if {@code expectedSize} is negative
   */
  public DLeftHashMap(int expectedSize) {
    this(builder().expectedSize(expectedSize));
  }

  /**
   * Creates a map with the mappings of {@code map}.
   *
   * @param map the mappings to copy
   * @throws NullPointerException if {@code map} is null
   */
  public DLeftHashMap(Map<? extends K, ? extends V> map) {
    this(map.size());
    putAll(map);
  }

  private DLeftHashMap(Builder builder) {
    this(
        builder.subtables,
        builder.bucketCapacity,
        builder.loadFactor(),
        builder.hasher(),
        bucketsFor(builder.expectedSize, builder.loadFactor(), builder.subtables));
  }

  private DLeftHashMap(
      int subtables,
      int bucketCapacity,
      double loadFactor,
      ChoiceHasher hasher,
      int bucketsPerSubtable) {
    this.subtables = subtables;
    this.bucketCapacity = bucketCapacity;
    this.loadFactor = loadFactor;
    this.hasher = hasher;
    allocate(bucketsPerSubtable);
  }

  private static int bucketsFor(int entries, double loadFactor, int subtables) {
    return (int) Math.max(1, Math.ceil(entries / (loadFactor * subtables)));
  }

  private void allocate(int buckets) {
    long slots = (long) buckets * subtables * bucketCapacity;
    if (slots > MAX_SLOTS) {
      throw new IllegalStateException("map cannot grow beyond " + MAX_SLOTS + " slots");
    }
    bucketsPerSubtable = buckets;
    meta = new byte[buckets * subtables * (bucketCapacity + 1)];
    keyValues = new Object[2 * (int) slots];
    size = 0;
    overflow = new OverflowArea();
  }

  /**
   * Returns a builder for the number of subtables, bucket capacity, load factor, expected size and
   * seed.
   *
   * @return a new builder with the defaults
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link DLeftHashMap}s. */
  public static final class Builder extends MapBuilder<Builder> {
    private int subtables = DEFAULT_SUBTABLES;
    private int bucketCapacity = DEFAULT_BUCKET_CAPACITY;

    private Builder() {
      super(DEFAULT_FILL * DEFAULT_BUCKET_CAPACITY);
    }

    /** The load factor set, or the default fill of the chosen bucket capacity. */
    private double loadFactor() {
      double lf = loadFactorSet ? loadFactor : DEFAULT_FILL * bucketCapacity;
      if (lf > bucketCapacity) {
        throw new IllegalArgumentException(
            "loadFactor must not exceed bucketCapacity " + bucketCapacity + ": " + lf);
      }
      return lf;
    }

    @Override
    Builder self() {
      return this;
    }

    /**
     * Sets the number of subtables d, the number of buckets each key may join.
     *
     * @param subtables d, from 2 to 8
     * @return this builder
     * @throws IllegalArgumentException if {@code subtables} is outside [2, 8]
     */
    public Builder subtables(int subtables) {
      if (subtables < 2 || subtables > MAX_SUBTABLES) {
        throw new IllegalArgumentException(
            "subtables must be between 2 and " + MAX_SUBTABLES + ": " + subtables);
      }
      this.subtables = subtables;
      return this;
    }

    /**
     * Sets the number of slots per bucket.
     *
     * @param bucketCapacity slots per bucket, from 1 to 127
     * @return this builder
     * @throws IllegalArgumentException if {@code bucketCapacity} is outside [1, 127]
     */
    public Builder bucketCapacity(int bucketCapacity) {
      if (bucketCapacity < 1 || bucketCapacity > MAX_BUCKET_CAPACITY) {
        throw new IllegalArgumentException(
            "bucketCapacity must be between 1 and " + MAX_BUCKET_CAPACITY + ": " + bucketCapacity);
      }
      this.bucketCapacity = bucketCapacity;
      return this;
    }

    /**
     * Returns a new empty map with this builder's settings.
     *
     * @param <K> the type of keys
     * @param <V> the type of values
     * @return a new map
     * @throws IllegalArgumentException if the load factor exceeds the bucket capacity
     */
    public <K, V> DLeftHashMap<K, V> build() {
      return new DLeftHashMap<>(this);
    }
  }

  /**
   * Returns the number of subtables.
   *
   * @return d
   */
  public int subtables() {
    return subtables;
  }

  /**
   * Returns the number of slots per bucket.
   *
   * @return c
   */
  public int bucketCapacity() {
    return bucketCapacity;
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

  // ---- Lookup ----

  private int slotCount() {
    return bucketsPerSubtable * subtables * bucketCapacity;
  }

  /** The bucket of choice {@code i} (in subtable i) of a hashed key, as a global bucket number. */
  private int bucketOf(long hash, int i) {
    return i * bucketsPerSubtable
        + ChoiceHasher.bucket(ChoiceHasher.choice(hash, i), bucketsPerSubtable);
  }

  /** An 8-bit fingerprint from hash bits that no bucket index uses. */
  private static byte fingerprint(long hash) {
    return (byte) (hash >>> 32);
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  int indexOf(Object key) {
    return find(hasher.hash(key), key);
  }

  private int find(long hash, Object key) {
    return bucketCapacity == WORD_BUCKET ? findInWordBuckets(hash, key) : findFrom(0, hash, key);
  }

  /** Scans the buckets of choices {@code first} to d - 1 slot by slot, then the overflow area. */
  private int findFrom(int first, long hash, Object key) {
    byte fp = fingerprint(hash);
    byte[] m = meta;
    Object[] kv = keyValues;
    int c = bucketCapacity;
    for (int i = first; i < subtables; i++) {
      int bucket = bucketOf(hash, i);
      int base = bucket * (c + 1);
      for (int j = 0, count = m[base]; j < count; j++) {
        if (m[base + 1 + j] == fp) {
          int slot = bucket * c + j;
          Object k = kv[2 * slot];
          if (k == key || (key != null && key.equals(k))) {
            return slot;
          }
        }
      }
    }
    int inOverflow = overflow.indexOf(key);
    return inOverflow < 0 ? -1 : slotCount() + inOverflow;
  }

  /** The bucket capacity whose count and fingerprints fill one {@code long}. */
  private static final int WORD_BUCKET = 7;

  /** Reads a bucket's count and seven fingerprints as one little-endian {@code long}. */
  private static final VarHandle BUCKET_WORD =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private static final long LOW_BITS = 0x0101_0101_0101_0101L;
  private static final long LOW_7_BITS = 0x7F7F_7F7F_7F7F_7F7FL;

  /**
   * {@link #find} for 7-slot buckets, written so that a lookup takes no branch that depends on
   * where the key is. A bucket's metadata is one aligned {@code long} (count in the low byte, then
   * the fingerprints); a word operation (SWAR) turns it into a mask with bit 7 of byte j + 1 set
   * where filled slot j's fingerprint equals the key's. The first candidate of the first two
   * subtables (the left one if it has any) is chosen arithmetically, so the processor can already
   * run the next lookup while this one waits for memory. Only when that candidate is not the key (a
   * fingerprint collision, 1 in 256 per filled slot) or there is none are the remaining buckets
   * scanned.
   */
  private int findInWordBuckets(long hash, Object key) {
    long pattern = (fingerprint(hash) & 0xFFL) * LOW_BITS;
    byte[] m = meta;
    Object[] kv = keyValues;
    int bucket0 = bucketOf(hash, 0);
    int bucket1 = bucketOf(hash, 1);
    long matches0 = matchMask((long) BUCKET_WORD.get(m, bucket0 * (WORD_BUCKET + 1)), pattern);
    long matches1 = matchMask((long) BUCKET_WORD.get(m, bucket1 * (WORD_BUCKET + 1)), pattern);
    int right = (int) (((matches0 | -matches0) >>> 63) ^ 1); // 1 iff the left bucket has none
    long matches = matches0 | (matches1 & -right);
    if (matches != 0) {
      int slot =
          (bucket0 + right * (bucket1 - bucket0)) * WORD_BUCKET
              + (Long.numberOfTrailingZeros(matches) >>> 3)
              - 1;
      Object k = kv[2 * slot];
      if (k == key || (key != null && key.equals(k))) {
        return slot;
      }
    }
    return findFrom(matches == 0 ? 2 : 0, hash, key);
  }

  /**
   * Returns a mask with bit 7 of byte j + 1 set iff slot j of the bucket whose metadata word is
   * {@code word} is filled and holds fingerprint {@code pattern}'s byte; all other bits are 0.
   */
  private static long matchMask(long word, long pattern) {
    long x = word ^ pattern;
    long zeros = ~(((x & LOW_7_BITS) + LOW_7_BITS) | x | LOW_7_BITS); // exact: no borrows
    long filled = ~(-1L << (8 * (int) (word & 0xFF))) << 8; // the bytes of the count slots
    return zeros & filled;
  }

  @Override
  int indexLimit() {
    return slotCount() + overflow.size();
  }

  @Override
  boolean isLive(int index) {
    int slots = slotCount();
    if (index >= slots) {
      return true;
    }
    int bucket = index / bucketCapacity;
    return index - bucket * bucketCapacity < meta[bucket * (bucketCapacity + 1)];
  }

  @Override
  int nextLive(int from) {
    int slots = slotCount();
    int c = bucketCapacity;
    int i = from;
    while (i < slots) {
      int bucket = i / c;
      if (i - bucket * c < meta[bucket * (c + 1)]) {
        return i;
      }
      i = (bucket + 1) * c; // the rest of this bucket is empty
    }
    return Math.min(i, indexLimit());
  }

  @Override
  @SuppressWarnings("unchecked") // only K is ever stored as a key
  K keyAt(int index) {
    int slots = slotCount();
    return (K) (index < slots ? keyValues[2 * index] : overflow.keyAt(index - slots));
  }

  @Override
  @SuppressWarnings("unchecked") // only V is ever stored as a value
  V valueAt(int index) {
    int slots = slotCount();
    return (V) (index < slots ? keyValues[2 * index + 1] : overflow.valueAt(index - slots));
  }

  @Override
  void setValueAt(int index, V value) {
    int slots = slotCount();
    if (index < slots) {
      keyValues[2 * index + 1] = value;
    } else {
      overflow.setValueAt(index - slots, value);
    }
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
    if (size >= loadFactor * bucketsPerSubtable * subtables) {
      grow();
    }
    place(hash, key, value);
    size++;
    modCount++;
    return null;
  }

  /** Puts an absent key into the least loaded of its buckets (leftmost on ties), or overflow. */
  private void place(long hash, Object key, Object value) {
    int c = bucketCapacity;
    int target = -1;
    int targetCount = c; // only a bucket with a free slot qualifies
    for (int i = 0; i < subtables; i++) {
      int bucket = bucketOf(hash, i);
      int count = meta[bucket * (c + 1)];
      if (count < targetCount) { // strictly less: ties stay with the leftmost
        target = bucket;
        targetCount = count;
      }
    }
    if (target < 0) {
      overflow.add(key, value);
      return;
    }
    int base = target * (c + 1);
    meta[base] = (byte) (targetCount + 1);
    meta[base + 1 + targetCount] = fingerprint(hash);
    int slot = target * c + targetCount;
    keyValues[2 * slot] = key;
    keyValues[2 * slot + 1] = value;
  }

  /** Rebuilds the table with half again as many buckets, placing every entry anew. */
  private void grow() {
    int buckets = bucketsPerSubtable;
    DLeftHashMap<K, V> larger =
        new DLeftHashMap<>(
            subtables, bucketCapacity, loadFactor, hasher, Math.max(buckets + 1, buckets * 3 / 2));
    for (int i = nextLive(0); i < indexLimit(); i = nextLive(i + 1)) {
      K key = keyAt(i);
      larger.place(hasher.hash(key), key, valueAt(i));
    }
    bucketsPerSubtable = larger.bucketsPerSubtable;
    meta = larger.meta;
    keyValues = larger.keyValues;
    overflow = larger.overflow;
    modCount++;
  }

  // ---- Removal ----

  @Override
  void removeAt(int index) {
    int slots = slotCount();
    if (index >= slots) {
      overflow.removeAt(index - slots);
    } else {
      int c = bucketCapacity;
      int bucket = index / c;
      int base = bucket * (c + 1);
      int last = meta[base] - 1;
      int lastSlot = bucket * c + last;
      if (index != lastSlot) {
        meta[base + 1 + index - bucket * c] = meta[base + 1 + last];
        keyValues[2 * index] = keyValues[2 * lastSlot];
        keyValues[2 * index + 1] = keyValues[2 * lastSlot + 1];
      }
      keyValues[2 * lastSlot] = null;
      keyValues[2 * lastSlot + 1] = null;
      meta[base] = (byte) last;
    }
    size--;
    modCount++;
  }

  @Override
  public void clear() {
    Arrays.fill(meta, (byte) 0);
    Arrays.fill(keyValues, null);
    overflow.clear();
    size = 0;
    modCount++;
  }

  // ---- Statistics ----

  /**
   * Returns a snapshot of the bucket loads and lookup costs.
   *
   * <p>A <em>probe</em> is one bucket examined (one metadata read); consulting the overflow area
   * counts as one probe. A lookup examines the subtables from the left, so a key in subtable i
   * (from 0) costs i + 1 probes and one in the overflow area d + 1; {@link
   * LoadStats#meanProbesMiss()} is d, plus one while the overflow area is in use. {@link
   * LoadStats#entriesPerChoice()} gives the occupancy of each subtable, left to right.
   *
   * <p>Cost: O(buckets) time.
   *
   * @return the statistics of this map now
   */
  @Override
  public LoadStats loadStats() {
    long[] histogram = new long[bucketCapacity + 1];
    long[] perSubtable = new long[subtables];
    long probesHit = 0;
    for (int i = 0; i < subtables; i++) {
      for (int b = 0; b < bucketsPerSubtable; b++) {
        int count = meta[(i * bucketsPerSubtable + b) * (bucketCapacity + 1)];
        histogram[count]++;
        perSubtable[i] += count;
        probesHit += (long) count * (i + 1);
      }
    }
    int inOverflow = overflow.size();
    probesHit += (long) inOverflow * (subtables + 1);
    return LoadStats.builder(histogram)
        .entriesPerChoice(perSubtable)
        .overflow(inOverflow)
        .meanProbes(size == 0 ? 0 : (double) probesHit / size, subtables + (inOverflow > 0 ? 1 : 0))
        .build();
  }

  // ---- Copying and serialization ----

  @Override
  public DLeftHashMap<K, V> clone() {
    DLeftHashMap<K, V> copy = (DLeftHashMap<K, V>) super.clone();
    copy.meta = meta.clone();
    copy.keyValues = keyValues.clone();
    copy.overflow = overflow.copy();
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
    if (subtables < 2 || subtables > MAX_SUBTABLES) {
      throw new InvalidObjectException("invalid number of subtables: " + subtables);
    }
    if (bucketCapacity < 1 || bucketCapacity > MAX_BUCKET_CAPACITY) {
      throw new InvalidObjectException("invalid bucket capacity: " + bucketCapacity);
    }
    if (!(loadFactor > 0) || loadFactor > bucketCapacity) {
      throw new InvalidObjectException("invalid load factor: " + loadFactor);
    }
    if (hasher == null) {
      throw new InvalidObjectException("missing hasher");
    }
    allocate(1);
    readEntries(in);
  }
}
