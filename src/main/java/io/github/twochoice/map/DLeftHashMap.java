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
 * <p><b>Layout.</b> Buckets have a fixed capacity c of at most 8 slots (default 8) and live in flat
 * arrays: bucket {@code b} owns one {@code long} of {@code fingerprints}, byte j holding an 8-bit
 * fingerprint of the key in slot j (never 0) or 0 for an empty slot, and the key and value slots
 * {@code keyValues[2(bc + j)]}, {@code keyValues[2(bc + j) + 1]}. A lookup reads one word per
 * subtable, compares all its fingerprints at once (SWAR), and calls {@code equals} only on a
 * fingerprint match (1 in 128 per filled slot for another key). Slots of a bucket are filled from
 * the left, so a bucket's load is the position of its highest non-zero byte; removing an entry
 * moves the bucket's last entry into the hole.
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
 * hashCode()} call each). Memory: two references per slot and an 8-byte word per bucket, 9 bytes
 * per slot with the default 8 slots and compressed references; slots are 48 to 71 % full.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
public final class DLeftHashMap<K, V> extends AbstractFlatMap<K, V> implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The default number of subtables. */
  public static final int DEFAULT_SUBTABLES = 2;

  /** The default bucket capacity: a bucket's fingerprints fill its 8-byte word. */
  public static final int DEFAULT_BUCKET_CAPACITY = 8;

  /**
   * The default load factor as a fraction of the bucket capacity: the table grows at 5.7 entries
   * per bucket of 8 slots. Measured: at this fill no random key overflowed among 10<sup>6</sup> (d
   * = 2, c = 8).
   */
  public static final double DEFAULT_FILL = 5.0 / 7;

  /** The most subtables a map accepts. */
  public static final int MAX_SUBTABLES = 8;

  /** The largest bucket capacity: one fingerprint byte per slot in a bucket's 64-bit word. */
  public static final int MAX_BUCKET_CAPACITY = 8;

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
  private transient int slotCount;
  private transient long[] fingerprints;
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
    slotCount = (int) slots;
    fingerprints = new long[buckets * subtables];
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
     * @param bucketCapacity slots per bucket, from 1 to 8
     * @return this builder
     * @throws IllegalArgumentException if {@code bucketCapacity} is outside [1, 8]
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

  /** The bucket of choice {@code i} (in subtable i) of a hashed key, as a global bucket number. */
  private int bucketOf(long hash, int i) {
    return i * bucketsPerSubtable
        + ChoiceHasher.bucket(ChoiceHasher.choice(hash, i), bucketsPerSubtable);
  }

  /** An 8-bit fingerprint with its high bit set, from hash bits that no bucket index uses. */
  private static byte fingerprint(long hash) {
    return ChoiceHasher.fingerprint((int) (hash >>> 32));
  }

  /**
   * The number of keys in the bucket with fingerprint word {@code word}: they fill it from the
   * left.
   */
  private static int loadOf(long word) {
    return (71 - Long.numberOfLeadingZeros(word)) >>> 3;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  int indexOf(Object key) {
    return find(hasher.hash(key), key);
  }

  /**
   * Finds a key, written so that a lookup takes no branch that depends on where the key is. {@link
   * FingerprintWords} flags the candidate slots of the first two buckets in one word, whose set
   * bits name the candidate slots arithmetically, so the processor can already run the next lookup
   * while this one waits for memory. One loop holds the only {@code equals} call and also resolves
   * fingerprint collisions (1 in 128 per filled slot); {@link #findBeyondTwoBuckets} runs only with
   * more than two subtables or while the overflow area is in use. A separate collision path would
   * run often enough for the JIT to compile it, with a second copy of a large {@code equals} such
   * as the one for strings, into every caller; at 10<sup>6</sup> keys that made lookups slower.
   */
  private int find(long hash, Object key) {
    long pattern = FingerprintWords.repeatedInLong(fingerprint(hash));
    long[] fps = fingerprints;
    int bucket0 = bucketOf(hash, 0);
    int bucket1 = bucketOf(hash, 1);
    long candidates =
        FingerprintWords.matches(fps[bucket0], pattern)
            | FingerprintWords.matches(fps[bucket1], pattern) >>> 1;
    for (; candidates != 0; candidates &= candidates - 1) {
      int bit = Long.numberOfTrailingZeros(candidates);
      int slot =
          FingerprintWords.candidateSlot(bit, bucket0 * bucketCapacity, bucket1 * bucketCapacity);
      Object k = keyValues[2 * slot];
      if (k == key || (key != null && key.equals(k))) {
        return slot;
      }
    }
    return subtables > 2 || overflow.size() > 0 ? findBeyondTwoBuckets(hash, key, pattern) : -1;
  }

  /**
   * The rest of {@link #find}: the key's buckets in subtables 2 to d - 1, then the overflow area.
   */
  private int findBeyondTwoBuckets(long hash, Object key, long pattern) {
    for (int i = 2; i < subtables; i++) {
      int bucket = bucketOf(hash, i);
      for (long m = FingerprintWords.matches(fingerprints[bucket], pattern); m != 0; m &= m - 1) {
        int slot = bucket * bucketCapacity + (Long.numberOfTrailingZeros(m) >>> 3);
        Object k = keyValues[2 * slot];
        if (k == key || (key != null && key.equals(k))) {
          return slot;
        }
      }
    }
    int inOverflow = overflow.indexOf(key);
    return inOverflow < 0 ? -1 : slotCount + inOverflow;
  }

  @Override
  int indexLimit() {
    return slotCount + overflow.size();
  }

  @Override
  boolean isLive(int index) {
    if (index >= slotCount) {
      return true;
    }
    int bucket = index / bucketCapacity;
    return index - bucket * bucketCapacity < loadOf(fingerprints[bucket]);
  }

  @Override
  int nextLive(int from) {
    int c = bucketCapacity;
    int i = from;
    while (i < slotCount) {
      int bucket = i / c;
      if (i - bucket * c < loadOf(fingerprints[bucket])) {
        return i;
      }
      i = (bucket + 1) * c; // the rest of this bucket is empty
    }
    return Math.min(i, indexLimit());
  }

  @Override
  @SuppressWarnings("unchecked") // only K is ever stored as a key
  K keyAt(int index) {
    return (K) (index < slotCount ? keyValues[2 * index] : overflow.keyAt(index - slotCount));
  }

  @Override
  @SuppressWarnings("unchecked") // only V is ever stored as a value
  V valueAt(int index) {
    return (V) (index < slotCount ? keyValues[2 * index + 1] : overflow.valueAt(index - slotCount));
  }

  @Override
  void setValueAt(int index, V value) {
    if (index < slotCount) {
      keyValues[2 * index + 1] = value;
    } else {
      overflow.setValueAt(index - slotCount, value);
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
    int target = -1;
    int targetLoad = bucketCapacity; // only a bucket with a free slot qualifies
    for (int i = 0; i < subtables; i++) {
      int bucket = bucketOf(hash, i);
      int load = loadOf(fingerprints[bucket]);
      if (load < targetLoad) { // strictly less: ties stay with the leftmost
        target = bucket;
        targetLoad = load;
      }
    }
    if (target < 0) {
      overflow.add(key, value);
      return;
    }
    fingerprints[target] |= (fingerprint(hash) & 0xFFL) << (8 * targetLoad);
    int slot = target * bucketCapacity + targetLoad;
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
    slotCount = larger.slotCount;
    fingerprints = larger.fingerprints;
    keyValues = larger.keyValues;
    overflow = larger.overflow;
    modCount++;
  }

  // ---- Removal ----

  @Override
  void removeAt(int index) {
    if (index >= slotCount) {
      overflow.removeAt(index - slotCount);
    } else {
      int c = bucketCapacity;
      int bucket = index / c;
      long word = fingerprints[bucket];
      int last = loadOf(word) - 1;
      int lastSlot = bucket * c + last;
      int hole = 8 * (index - bucket * c);
      long lastFingerprint = (word >>> (8 * last)) & 0xFF;
      word = (word & ~(0xFFL << hole)) | lastFingerprint << hole; // the last entry fills the hole
      fingerprints[bucket] = word & ~(0xFFL << (8 * last));
      keyValues[2 * index] = keyValues[2 * lastSlot];
      keyValues[2 * index + 1] = keyValues[2 * lastSlot + 1];
      keyValues[2 * lastSlot] = null;
      keyValues[2 * lastSlot + 1] = null;
    }
    size--;
    modCount++;
  }

  @Override
  public void clear() {
    Arrays.fill(fingerprints, 0L);
    Arrays.fill(keyValues, null);
    overflow.clear();
    size = 0;
    modCount++;
  }

  // ---- Statistics ----

  /**
   * Returns a snapshot of the bucket loads and lookup costs.
   *
   * <p>A <em>probe</em> is one bucket examined (one fingerprint word); consulting the overflow area
   * counts as one probe. Probes are counted for a search from the left, the figure of the theory,
   * so a key in subtable i (from 0) costs i + 1 probes and one in the overflow area d + 1 (the
   * lookup itself reads the first two words together); {@link LoadStats#meanProbesMiss()} is d,
   * plus one while the overflow area is in use. {@link LoadStats#entriesPerChoice()} gives the
   * occupancy of each subtable, left to right.
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
        int count = loadOf(fingerprints[i * bucketsPerSubtable + b]);
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
    copy.fingerprints = fingerprints.clone();
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
