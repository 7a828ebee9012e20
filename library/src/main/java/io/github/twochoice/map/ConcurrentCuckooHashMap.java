/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;
import io.github.twochoice.stats.CuckooStats;
import io.github.twochoice.stats.LoadStats;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.Spliterator;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A concurrent cuckoo hash map: the layout of {@link CuckooHashMap} (every key in one of its d
 * buckets of b slots, a word of 7-bit tags per bucket) shared by threads, with lookups that never
 * block and never write, as in MemC3 (Fan, Andersen, Kaminsky, NSDI 2013) and libcuckoo (Li,
 * Andersen, Kaminsky, Freedman, EuroSys 2014). A drop-in {@link ConcurrentMap}: null keys and
 * values are rejected with {@link NullPointerException}, as by {@link ConcurrentHashMap}, and the
 * structure takes about a quarter of its memory.
 *
 * <p><b>Reads</b> ({@code get}, {@code containsKey}, {@code getOrDefault}) read the key's buckets
 * optimistically and check version counters before trusting what they read; a read that overlaps a
 * write to the same buckets starts again, and after a few such failures waits for the writer. A key
 * that is in the map for the whole duration of a lookup is always found, even while another thread
 * moves it to another of its buckets or grows its segment.
 *
 * <p><b>Segments.</b> The table is cut into segments of a few hundred keys, found through a
 * directory by the low bits of a key's hash (extendible hashing), each a cuckoo table of its own.
 *
 * <p><b>Writes</b> lock their key's <em>stripe</em> ({@link Builder#lockStripes}, default from the
 * number of processors, at most 64, per segment; a segment of 8-slot buckets has one): the hash of
 * a key names a stripe, and all the key's buckets lie in that stripe's share of its segment, so
 * every key a cuckoo path moves belongs to the same stripe. A write first finds the key without
 * locks, then takes the stripe only if no other write touched it meanwhile, so {@code equals} and
 * {@code hashCode} run outside the lock except on the rare inserts that move keys. An insert whose
 * buckets are full searches for a cuckoo path without locks, locks the stripe, checks that the path
 * still holds and moves the keys, each move a copy into the free slot before the old slot is
 * cleared. Every method of {@link ConcurrentMap} is atomic.
 *
 * <p><b>Callbacks.</b> {@code compute}, {@code computeIfAbsent}, {@code computeIfPresent} and
 * {@code merge} are atomic and call their function at most once, as {@link ConcurrentHashMap}'s do:
 * {@code compute} exactly once, the others not at all if the key is already present ({@code
 * computeIfAbsent}) or absent ({@code computeIfPresent}, {@code merge}). Where {@link
 * ConcurrentHashMap} holds the lock of the key's bin while the function runs, this map <em>reserves
 * the key</em>: it records the call in the key's stripe and holds no lock, so
 *
 * <ul>
 *   <li>readers never wait, and see the value before the call until its result is stored;
 *   <li>every other write of the same key — {@code put}, {@code remove}, {@code replace}, another
 *       compute — waits until the function has returned and its result is stored, then applies to
 *       that result (a write that would change nothing, such as {@code putIfAbsent} of the present
 *       key, answers at once); writes of other keys, of the same stripe too, go on;
 *   <li>a function may read this map and write other keys, grow the table or iterate; a write of
 *       its own key from inside the function throws {@link IllegalStateException} (it would wait
 *       for itself), and two functions that each write the other's key deadlock, as two nested
 *       locks would;
 *   <li>a function that throws leaves the mapping as it was; {@code clear} while a function runs
 *       removes the key, and the result is then not stored (the call took effect just before the
 *       clear).
 * </ul>
 *
 * <p><b>Iteration.</b> The views' iterators and spliterators never throw {@link
 * java.util.ConcurrentModificationException}: each traverses a snapshot of the map taken when it
 * was created (a spliterator: at its first traversal), so it returns each key at most once and
 * every key present for the whole traversal. The snapshot is taken without locks when no write
 * overlaps it, else by freezing the table for a moment (writers wait, readers do not); it costs 8
 * bytes per entry while the traversal lasts. {@code size()} is exact when no write is in flight.
 * Whatever a view removes because of a value it read, it removes only if the key still maps to that
 * value ({@link #remove(Object, Object)}): {@code removeIf}, {@code removeAll} and {@code
 * retainAll} of the values and the entries, {@code values().remove} and the iterators' {@code
 * remove} of a value or an entry — so an entry replaced meanwhile survives. (A {@link
 * ConcurrentHashMap} does this in {@code removeIf} and removes by key elsewhere.) The key set
 * removes by key, and an entry's {@code setValue} writes through with {@code put}.
 *
 * <p><b>Growth never freezes the map.</b> A segment grows (doubling below 2<sup>10</sup> slots, by
 * half above) when its keys reach the load factor, or when an insert finds no cuckoo path and the
 * segment is at least half as full as the load factor; below that the key goes to the segment's
 * overflow area (keys with equal hash codes share all their buckets under every seed, and growing
 * would not help), O(log n) per operation for {@code Comparable} keys. A segment that would grow
 * past room for 512 keys splits in two by one more bit of the hash instead. A growth freezes its
 * segment only (its writers wait, its readers carry on, since nothing changes), builds the larger
 * segment or the two halves, publishes them in the directory, and lets the waiting writers start
 * again on them; writers of every other segment carry on. It runs on the thread whose insert needed
 * it, and copies a few hundred keys whatever the size of the map.
 *
 * <p>Cost: a lookup reads one stripe word twice, d tag words and a key and a value per tag match,
 * allocates nothing and stores nothing. A write takes one stripe with one compare-and-set; a
 * compute call takes it twice (to reserve the key, then to store the result and end the
 * reservation) and allocates its reservation. Memory: 9 bytes per slot (two compressed references
 * and a tag byte; above 2<sup>10</sup> slots the slots are 2/3 to 1 times the load factor full)
 * plus 256 bytes per stripe and a reference per directory entry; a lookup reads the directory entry
 * before its segment.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 * @since 0.1.0
 */
public final class ConcurrentCuckooHashMap<K, V> extends AbstractMap<K, V>
    implements ConcurrentMap<K, V>, LoadReporting, Serializable {
  /*
   * Implementation notes.
   *
   * Everything that races lives in ConcurrentCuckooTable (a segment) and ConcurrentDirectory (the
   * segments and how they are found and replaced), whose headers give the memory-model
   * argument: a reader takes a stamp of its key's stripe (an acquire load of its word, not
   * locked), reads tags, keys and values with opaque loads, and trusts them only after an acquire
   * fence and a second read of the word shows the same value. A writer's compare-and-set of the
   * lock bit precedes its stores, and its release store of the next counter value follows them,
   * so a validated read saw exactly the writes that completed before its stamp: the stamp is its
   * linearization point, and the objects it returns were safely published by the writer's
   * release. A reader calls equals() only on a key it has validated.
   *
   * Why a reader never misses a key present throughout its call. A key changes place only inside
   * a write that holds its stripe (a cuckoo move copies before it clears), or by growth. The
   * stripe covers all d buckets of the key and its overflow entry, so a move overlapping the
   * lookup changes a counter the lookup validates, and it starts again. A growth freezes the old
   * segment and never changes it again: a reader that reached it reads the state at the moment the
   * new segments were published, which lies inside its call (the segment was in the directory
   * when the reader's call began, or was entered later); a reader that begins later finds the new
   * segments.
   *
   * Writes. ConcurrentCuckooWrites.write() is the one primitive: a compare-and-set of a key's
   * value (identity; null for absent, ANY for any value) to a new value (null to remove). Its
   * header says how it finds the key without locks and inserts along a cuckoo path.
   *
   * Reservations. A compute call (ComputeCalls) reserves its key under the key's stripe
   * (Reservation, listed in
   * the stripe; a count in the stripe's record lets every write see in one read of the line it has
   * just locked whether any key of the stripe is reserved). A write that finds its key reserved by
   * another call unlocks and waits for that call, then starts again; the call's own store ends the
   * reservation in the same critical section. Reservations are state of the map, not of a
   * segment: a growth moves them to the new segments before it publishes them, while the old one
   * is frozen, and clear cancels them.
   *
   * Deadlock freedom. A write holds one stripe; freezing takes stripes one segment after another,
   * under the directory's lock, which only growths, clear, frozen snapshots and statistics take,
   * never while holding a stripe. No callback, growth or snapshot runs while its thread holds a
   * stripe, and no thread waits for a reservation while it holds a stripe.
   *
   * Lost or duplicated entries. A move copies first and clears after, inside the stripe of both
   * buckets; a growth builds the new segments completely before publishing them and leaves the
   * old one as it was if building fails (an exception from hashCode(), OutOfMemoryError).
   */

  private static final long serialVersionUID = 1L;

  /** The default number of choices. */
  public static final int DEFAULT_CHOICES = CuckooHashMap.DEFAULT_CHOICES;

  /** The default number of slots per bucket. */
  public static final int DEFAULT_SLOTS_PER_BUCKET = CuckooHashMap.DEFAULT_SLOTS_PER_BUCKET;

  /** The default load factor, in keys per slot. */
  public static final double DEFAULT_LOAD_FACTOR = CuckooHashMap.DEFAULT_LOAD_FACTOR;

  /** Optimistic snapshots before a snapshot freezes the table. */
  private static final int OPTIMISTIC_SNAPSHOTS = 2;

  /** The number of buckets each key may live in, d. */
  private final int choices;

  /** The number of slots per bucket, b. */
  private final int slotsPerBucket;

  /** Keys per slot at which the table grows. */
  private final double loadFactor;

  /** The most lock stripes a table may use: a power of two from 1 to 64. */
  private final int lockStripes;

  /** Turns keys into choices; its seed travels with the serialized map. */
  private final ChoiceHasher hasher;

  /** The keys' equality, or null for their own {@code equals} and {@code hashCode}. */
  private final HashStrategy<Object> strategy;

  /** The segments and the directory that finds a key's segment. */
  private final transient ConcurrentDirectory directory;

  /** The writes of keys, and what the inserts cost. */
  private final transient ConcurrentCuckooWrites writes;

  /** The compute calls, each with its key reserved. */
  private final transient ComputeCalls computeCalls;

  private transient KeySetView<K, V> keySet;
  private transient Collection<V> values;
  private transient Set<Map.Entry<K, V>> entrySet;

  /** Creates an empty map with the default settings and a random seed. */
  public ConcurrentCuckooHashMap() {
    this(builder(), null);
  }

  /**
   * Creates an empty map that holds {@code expectedSize} entries without growing.
   *
   * @param expectedSize a number of entries, {@code >= 0}
   * @throws IllegalArgumentException if {@code expectedSize} is negative
   */
  public ConcurrentCuckooHashMap(int expectedSize) {
    this(builder().expectedSize(expectedSize), null);
  }

  /**
   * Creates a map with the mappings of {@code map}, sized for them, with the default settings and a
   * new random seed.
   *
   * @param map the mappings to copy
   * @throws NullPointerException if {@code map} is null or holds a null key or value
   */
  public ConcurrentCuckooHashMap(Map<? extends K, ? extends V> map) {
    this(map.size());
    putAll(map);
  }

  private ConcurrentCuckooHashMap(Builder builder, HashStrategy<?> strategy) {
    this.choices = builder.choices;
    this.slotsPerBucket = builder.slotsPerBucket;
    this.loadFactor = builder.loadFactor;
    this.lockStripes = builder.lockStripes;
    this.hasher = builder.hasher();
    this.strategy = KeyEquality.erase(strategy);
    this.directory =
        new ConcurrentDirectory(
            choices,
            slotsPerBucket,
            loadFactor,
            lockStripes,
            builder.splitKeys,
            hasher,
            this.strategy,
            builder.expectedSize);
    this.writes = new ConcurrentCuckooWrites(directory);
    this.computeCalls = new ComputeCalls(directory, writes);
  }

  /**
   * Returns a builder for d, b, the load factor (keys per slot), the expected size, the hash
   * family, the seed and the number of lock stripes.
   *
   * @return a new builder with the defaults
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns a new concurrent set: the key set of a new map, whose {@code add} maps the key to
   * {@link Boolean#TRUE}.
   *
   * @param <K> the type of elements
   * @return a new empty set
   */
  public static <K> KeySetView<K, Boolean> newKeySet() {
    return new ConcurrentCuckooHashMap<K, Boolean>().keySet(Boolean.TRUE);
  }

  /**
   * Returns a new concurrent set that holds {@code expectedSize} elements without growing: the key
   * set of a new map of that size, whose {@code add} maps the key to {@link Boolean#TRUE}.
   *
   * @param <K> the type of elements
   * @param expectedSize a number of elements, {@code >= 0}
   * @return a new empty set
   * @throws IllegalArgumentException if {@code expectedSize} is negative
   */
  public static <K> KeySetView<K, Boolean> newKeySet(int expectedSize) {
    return new ConcurrentCuckooHashMap<K, Boolean>(expectedSize).keySet(Boolean.TRUE);
  }

  /**
   * Builds {@link ConcurrentCuckooHashMap}s.
   *
   * @since 0.1.0
   */
  public static final class Builder extends BucketMapBuilder<Builder> {
    private int lockStripes = defaultLockStripes();
    private int splitKeys = AbstractSegmentedMap.SPLIT_KEYS;

    private Builder() {
      super(DEFAULT_LOAD_FACTOR);
    }

    @Override
    Object buildFor(HashStrategy<?> strategy) {
      return strategy == null ? build() : build(KeyEquality.erase(strategy));
    }

    /** Sixteen stripes per processor, a power of two, at most 64. */
    private static int defaultLockStripes() {
      int processors = Integer.highestOneBit(Runtime.getRuntime().availableProcessors());
      return Math.min(ConcurrentCuckooTable.MAX_STRIPES, 16 * processors);
    }

    /**
     * Sets the number of lock stripes per segment: a key's hash names its stripe, and its buckets
     * lie in that stripe's share of its segment. More stripes make two writers of one segment meet
     * less often and cost 256 bytes each. The default is 16 per processor, at most 64; a segment of
     * fewer than 128 buckets per stripe uses fewer (a segment of 8-slot buckets, one).
     *
     * @param lockStripes a power of two from 1 to 64
     * @return this builder
     * @throws IllegalArgumentException if {@code lockStripes} is not a power of two in [1, 64]
     */
    public Builder lockStripes(int lockStripes) {
      if (lockStripes < 1
          || lockStripes > ConcurrentCuckooTable.MAX_STRIPES
          || Integer.bitCount(lockStripes) != 1) {
        throw new IllegalArgumentException(
            "lockStripes must be a power of two from 1 to 64: " + lockStripes);
      }
      this.lockStripes = lockStripes;
      return this;
    }

    /**
     * Sets the room for keys past which a growing segment splits in two instead, for tests that
     * need splits among a few keys.
     */
    Builder splitKeys(int splitKeys) {
      this.splitKeys = splitKeys;
      return this;
    }

    /**
     * Returns a new empty map with this builder's settings.
     *
     * @param <K> the type of keys
     * @param <V> the type of values
     * @return a new map
     */
    public <K, V> ConcurrentCuckooHashMap<K, V> build() {
      return new ConcurrentCuckooHashMap<>(this, null);
    }

    /**
     * Returns a new empty map with this builder's settings that compares and hashes keys with
     * {@code strategy} instead of their own {@code equals} and {@code hashCode}.
     *
     * @param <K> the type of keys
     * @param <V> the type of values
     * @param strategy the keys' equality
     * @return a new map
     * @throws NullPointerException if {@code strategy} is null
     */
    public <K, V> ConcurrentCuckooHashMap<K, V> build(HashStrategy<? super K> strategy) {
      return new ConcurrentCuckooHashMap<>(this, Objects.requireNonNull(strategy, "strategy"));
    }
  }

  // ---- Settings ----

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
   * Returns the number of keys per slot at which the table grows.
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
   * Returns the number of lock stripes a table of this map may use.
   *
   * @return a power of two from 1 to 64
   */
  public int lockStripes() {
    return lockStripes;
  }

  /** Returns the number of segments. */
  int segmentCount() {
    return directory.whileFrozen(all -> all.length);
  }

  /** Returns the segment that holds {@code key} now. */
  ConcurrentCuckooTable segmentOf(Object key) {
    return directory.segmentOf(hash(key));
  }

  /** Returns the stripes of all segments: the locks that writers of different keys may take. */
  int stripesInUse() {
    return directory.whileFrozen(
        all -> Arrays.stream(all).mapToInt(ConcurrentCuckooTable::stripeCount).sum());
  }

  private long hash(Object key) {
    return KeyEquality.hash(hasher, strategy, Objects.requireNonNull(key, "key"));
  }

  // ---- Reads ----

  @Override
  @SuppressWarnings("unchecked") // only V is ever stored as a value
  public V get(Object key) {
    long hash = hash(key);
    return (V) directory.segmentOf(hash).get(hash, key);
  }

  @Override
  public boolean containsKey(Object key) {
    return get(key) != null;
  }

  @Override
  public V getOrDefault(Object key, V defaultValue) {
    V value = get(key);
    return value == null ? defaultValue : value;
  }

  /**
   * Returns whether some key maps to {@code value}: a scan of a snapshot.
   *
   * @param value the value to look for
   * @return true if a key maps to a value equal to it
   * @throws NullPointerException if {@code value} is null
   */
  @Override
  public boolean containsValue(Object value) {
    Objects.requireNonNull(value, "value");
    Object[] entries = snapshot();
    for (int i = 1; i < entries.length; i += 2) {
      if (value.equals(entries[i])) {
        return true;
      }
    }
    return false;
  }

  /**
   * Returns the number of mappings: exact when no write is in flight, else a count that some moment
   * during the call had. The stripes' counts are summed optimistically and the sum kept only if no
   * writer took a stripe meanwhile: a thread that removes a key of one stripe, then inserts a key
   * of another, would otherwise be seen after its insert and before its remove, a count the map
   * never had. When writers keep interfering, the count is taken with the table frozen.
   *
   * @return the number of mappings, at most {@link Integer#MAX_VALUE}
   */
  @Override
  public int size() {
    long[] count = new long[1];
    for (int attempt = 0; attempt < OPTIMISTIC_SIZES; attempt++) {
      count[0] = 0;
      if (directory.visitOptimistically(t -> count[0] += countOf(t))) {
        return (int) Math.min(Integer.MAX_VALUE, count[0]);
      }
      ConcurrentCuckooTable.pause(attempt);
    }
    long frozenCount =
        directory.whileFrozen(all -> Arrays.stream(all).mapToLong(t -> countOf(t)).sum());
    return (int) Math.min(Integer.MAX_VALUE, frozenCount);
  }

  /** The optimistic attempts of {@link #size()} before it freezes the table. */
  private static final int OPTIMISTIC_SIZES = 16;

  private static long countOf(ConcurrentCuckooTable t) {
    return t.keysInBuckets() + t.overflowSize();
  }

  @Override
  public boolean isEmpty() {
    return size() == 0;
  }

  // ---- Writes ----

  @Override
  @SuppressWarnings("unchecked") // only V is ever stored as a value
  public V put(K key, V value) {
    return (V)
        writes.write(
            key, hash(key), ConcurrentCuckooWrites.ANY, Objects.requireNonNull(value, "value"));
  }

  @Override
  @SuppressWarnings("unchecked") // only V is ever stored as a value
  public V putIfAbsent(K key, V value) {
    return (V) writes.write(key, hash(key), null, Objects.requireNonNull(value, "value"));
  }

  @Override
  @SuppressWarnings("unchecked") // only V is ever stored as a value
  public V remove(Object key) {
    return (V) writes.write(key, hash(key), ConcurrentCuckooWrites.ANY, null);
  }

  @Override
  public boolean remove(Object key, Object value) {
    long hash = hash(key);
    return value != null && replaceIfEqual(key, hash, value, null);
  }

  @Override
  @SuppressWarnings("unchecked") // only V is ever stored as a value
  public V replace(K key, V value) {
    long hash = hash(key);
    Objects.requireNonNull(value, "value");
    for (; ; ) {
      Object current = directory.segmentOf(hash).get(hash, key);
      if (current == null || writes.write(key, hash, current, value) == current) {
        return (V) current;
      }
    }
  }

  @Override
  public boolean replace(K key, V oldValue, V newValue) {
    long hash = hash(key);
    Objects.requireNonNull(oldValue, "oldValue");
    return replaceIfEqual(key, hash, oldValue, Objects.requireNonNull(newValue, "newValue"));
  }

  /**
   * Sets the value of {@code key} to {@code update} (null: removes it) if it is present and equal
   * to {@code value}; {@code equals} runs outside the locks, on the value read.
   */
  private boolean replaceIfEqual(Object key, long hash, Object value, Object update) {
    for (; ; ) {
      Object current = directory.segmentOf(hash).get(hash, key);
      if (current == null || !value.equals(current)) {
        return false;
      }
      if (writes.write(key, hash, current, update) == current) {
        return true;
      }
    }
  }

  /**
   * {@inheritDoc}
   *
   * <p>Atomic, and the function runs at most once (never if the key is present), with no lock of
   * this map held: the key is reserved meanwhile, so other writes of it wait while reads carry on.
   *
   * @throws IllegalStateException if the function writes {@code key}
   */
  @Override
  @SuppressWarnings("unchecked") // only V is ever stored as a value
  public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
    long hash = hash(key);
    Objects.requireNonNull(mappingFunction, "mappingFunction");
    Object current = directory.segmentOf(hash).get(hash, key);
    if (current != null) {
      return (V) current;
    }
    return computeCalls.update(key, hash, (k, old) -> old != null ? old : mappingFunction.apply(k));
  }

  /**
   * {@inheritDoc}
   *
   * <p>Atomic, and the function runs at most once (never if the key is absent), with no lock of
   * this map held: the key is reserved meanwhile, so other writes of it wait while reads carry on.
   *
   * @throws IllegalStateException if the function writes {@code key}
   */
  @Override
  public V computeIfPresent(
      K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
    long hash = hash(key);
    Objects.requireNonNull(remappingFunction, "remappingFunction");
    if (directory.segmentOf(hash).get(hash, key) == null) {
      return null;
    }
    return computeCalls.update(
        key, hash, (k, old) -> old == null ? null : remappingFunction.apply(k, old));
  }

  /**
   * {@inheritDoc}
   *
   * <p>Atomic, and the function runs exactly once, with no lock of this map held: the key is
   * reserved meanwhile, so other writes of it wait while reads carry on.
   *
   * @throws IllegalStateException if the function writes {@code key}
   */
  @Override
  public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
    long hash = hash(key);
    Objects.requireNonNull(remappingFunction, "remappingFunction");
    return computeCalls.update(key, hash, remappingFunction);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Atomic, and the function runs at most once (never if the key is absent), with no lock of
   * this map held: the key is reserved meanwhile, so other writes of it wait while reads carry on.
   *
   * @throws IllegalStateException if the function writes {@code key}
   */
  @Override
  public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
    long hash = hash(key);
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(remappingFunction, "remappingFunction");
    return computeCalls.update(
        key, hash, (k, old) -> old == null ? value : remappingFunction.apply(old, value));
  }

  // ---- Growth and snapshots ----

  /** Returns the entries as key, value pairs: an atomic snapshot. */
  Object[] snapshot() {
    EntryPairs pairs = new EntryPairs(size());
    for (int attempt = 0; attempt < OPTIMISTIC_SNAPSHOTS; attempt++) {
      if (directory.visitOptimistically(t -> t.appendEntries(pairs))) {
        return pairs.toArray();
      }
      pairs.clear();
    }
    return directory.whileFrozen(
        all -> {
          for (ConcurrentCuckooTable t : all) {
            t.appendEntries(pairs);
          }
          return pairs.toArray();
        });
  }

  /** Returns what the views need of this map: its operations and its snapshots. */
  SnapshotViews.Source<K, V> snapshotSource() {
    return new SnapshotViews.Source<>(this, this::snapshot);
  }

  /** Removes every mapping at once: publishes empty segments of the same sizes. */
  @Override
  public void clear() {
    directory.clear();
  }

  // ---- Statistics ----

  /**
   * Returns a snapshot of the bucket loads and lookup costs, taken with the table frozen (writers
   * wait meanwhile). Probes are counted as by {@link CuckooHashMap#loadStats()}: a key in its i-th
   * choice (from 0) costs i + 1 probes, one in the overflow area d + 1.
   *
   * <p>Cost: O(slots) time and one {@code hashCode()} call per key.
   *
   * @return the statistics of this map now
   */
  @Override
  public LoadStats loadStats() {
    return directory.whileFrozen(
        all -> {
          long[] histogram = new long[slotsPerBucket + 1];
          long[] perChoice = new long[choices];
          long overflow = 0;
          for (ConcurrentCuckooTable t : all) {
            t.countLoads(histogram, perChoice);
            overflow += t.overflowSize();
          }
          long probesHit = overflow * (choices + 1);
          long size = overflow;
          for (int i = 0; i < choices; i++) {
            probesHit += perChoice[i] * (i + 1);
            size += perChoice[i];
          }
          return LoadStats.builder(histogram)
              .entriesPerChoice(perChoice)
              .overflow(overflow)
              .meanProbes(
                  size == 0 ? 0 : (double) probesHit / size, choices + (overflow > 0 ? 1 : 0))
              .build();
        });
  }

  /**
   * Returns what the inserts have cost since the map was created or deserialized: eviction-path
   * lengths, growths and their causes, and overflow use. Each figure is exact when no write is in
   * flight.
   *
   * @return the cuckoo statistics of this map now
   */
  public CuckooStats cuckooStats() {
    return writes.cuckooStats();
  }

  // ---- Views ----

  /**
   * Returns the keys as a set backed by this map: removal removes the mapping, {@code add} is not
   * supported.
   *
   * @return the key set view
   */
  @Override
  public KeySetView<K, V> keySet() {
    KeySetView<K, V> view = keySet;
    if (view == null) {
      view = new KeySetView<>(this, null);
      keySet = view;
    }
    return view;
  }

  /**
   * Returns the keys as a set backed by this map whose {@code add} maps a new key to {@code
   * mappedValue}.
   *
   * @param mappedValue the value of keys added through the set
   * @return the key set view
   * @throws NullPointerException if {@code mappedValue} is null
   */
  public KeySetView<K, V> keySet(V mappedValue) {
    return new KeySetView<>(this, Objects.requireNonNull(mappedValue, "mappedValue"));
  }

  @Override
  public Collection<V> values() {
    Collection<V> view = values;
    if (view == null) {
      view = new SnapshotViews.Values<>(snapshotSource());
      values = view;
    }
    return view;
  }

  @Override
  public Set<Map.Entry<K, V>> entrySet() {
    Set<Map.Entry<K, V>> view = entrySet;
    if (view == null) {
      view = new SnapshotViews.EntrySet<>(snapshotSource());
      entrySet = view;
    }
    return view;
  }

  /**
   * The keys of a {@link ConcurrentCuckooHashMap} as a concurrent {@link Set}: lookups, removals
   * and iteration as the map's; {@code add} puts the key with the view's mapped value, if it has
   * one ({@link ConcurrentCuckooHashMap#newKeySet()}, {@link
   * ConcurrentCuckooHashMap#keySet(Object)}).
   *
   * @param <K> the type of keys
   * @param <V> the type of values of the map
   * @since 0.1.0
   */
  public static final class KeySetView<K, V> extends AbstractSet<K> implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The map whose keys this is. */
    private final ConcurrentCuckooHashMap<K, V> map;

    /** The value of keys added through this view; null if the view does not support add. */
    private final V mappedValue;

    KeySetView(ConcurrentCuckooHashMap<K, V> map, V mappedValue) {
      this.map = map;
      this.mappedValue = mappedValue;
    }

    /**
     * Returns the map whose keys this set is.
     *
     * @return the map
     */
    public ConcurrentCuckooHashMap<K, V> getMap() {
      return map;
    }

    /**
     * Returns the value that {@code add} maps new keys to.
     *
     * @return the value, or null if this view does not support {@code add}
     */
    public V getMappedValue() {
      return mappedValue;
    }

    @Override
    public int size() {
      return map.size();
    }

    @Override
    public boolean isEmpty() {
      return map.isEmpty();
    }

    @Override
    public boolean contains(Object o) {
      return map.containsKey(o);
    }

    @Override
    public boolean remove(Object o) {
      return map.remove(o) != null;
    }

    /**
     * Adds {@code key} with the view's mapped value if it is absent.
     *
     * @param key the key
     * @return true if the key was absent
     * @throws UnsupportedOperationException if the view has no mapped value
     * @throws NullPointerException if {@code key} is null
     */
    @Override
    public boolean add(K key) {
      if (mappedValue == null) {
        throw new UnsupportedOperationException("a key set view without a mapped value");
      }
      return map.putIfAbsent(key, mappedValue) == null;
    }

    @Override
    public void clear() {
      map.clear();
    }

    @Override
    public Iterator<K> iterator() {
      return new SnapshotViews.SnapshotIterator<K, V, K>(map.snapshotSource()) {
        @Override
        K element(K key, V value) {
          return key;
        }

        @Override
        void remove(K key, V value) {
          map.remove(key);
        }
      };
    }

    @Override
    public Spliterator<K> spliterator() {
      return new SnapshotViews.SnapshotSpliterator<>(
          map.snapshotSource(), SnapshotViews.DISTINCT, (k, v) -> k);
    }
  }

  // ---- Serialization ----

  /**
   * Writes the {@linkplain SerialForm serialized form} instead of this map: its class, its settings
   * as plain values and a snapshot of its entries, never the layout of its table.
   *
   * @return the form to write
   */
  private Object writeReplace() {
    return SerialForm.bucketed(
        this, choices, slotsPerBucket, loadFactor, hasher, strategy, lockStripes);
  }

  /**
   * Refuses a stream that holds this map's own fields: a map is read from its serialized form only.
   *
   * @param in the stream
   * @throws InvalidObjectException always
   */
  private void readObject(ObjectInputStream in) throws InvalidObjectException {
    throw SerialForm.proxyRequired();
  }
}
