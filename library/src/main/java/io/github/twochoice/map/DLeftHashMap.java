/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.stats.LoadStats;
import java.util.Map;
import java.util.Objects;

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
 * <p><b>Layout.</b> Buckets of b ≤ 8 slots (default 8) in flat arrays, one word of 7-bit tags per
 * bucket and the keys and values side by side ({@link BucketTable}): a lookup reads the tag words
 * of its first two buckets at once and calls {@code equals} only on a tag match. Nothing moves once
 * placed: a key stays in the bucket the rule chose until it is removed or the table grows.
 *
 * <p><b>Growth never pauses.</b> The table is cut into segments with room for at most 512 keys,
 * each a d-left table of its own, chosen by the low bits of the key's hash ({@link
 * AbstractSegmentedMap}). A segment grows on its own (doubling while the map is small, by 4/3 once
 * it is large, split in two once it would have room for more than 512 keys) when its keys reach the
 * load factor, {@value #DEFAULT_LOAD_FACTOR} keys per slot by default, or when a key finds all its
 * d buckets full (Vöcking's rule never moves a key to make room) while 1/32 of the keys already
 * wait in the overflow area: every key keeps its subtable in the new segment, and the few that find
 * their new bucket full are placed again by the d-left rule. So the slowest {@code put} moves one
 * segment's keys, whatever the size of the map. Keys that find all their buckets full wait in an
 * overflow area that lookups of other keys do not consult, up to 1/32 of the keys, until their
 * segment grows and takes them back; so do keys with equal hash codes, which share all their
 * buckets under every seed.
 *
 * <p>Cost: a lookup reads the directory entry of its segment, at most d tag words (the first two
 * together) and one key per tag match, plus the overflow area while it is in use; no allocation. An
 * insertion also reads the d tag words; a growth hashes the keys of one segment again. Memory: 9
 * bytes per slot (two compressed references and a tag byte); above 2<sup>10</sup> slots, every
 * segment is 3/4 to 1 times the load factor full.
 *
 * <p><b>Iteration order</b> is unspecified and differs between two maps of the same keys: each map
 * draws a random seed for its hash function. A fixed seed ({@code builder().seed(42)}) makes the
 * order, like the whole table, the same in every run. <b>Threads:</b> reads ({@code get}, views,
 * iteration, statistics) write no shared state (a view object may be created twice, harmlessly), so
 * threads may read a safely published map at once while no thread writes; a write needs exclusive
 * access. For shared use wrap it in {@link java.util.Collections#synchronizedMap}, and hand out
 * {@link java.util.Collections#unmodifiableMap} to readers.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 * @since 0.1.0
 */
public final class DLeftHashMap<K, V> extends AbstractBucketMap<K, V> {
  private static final long serialVersionUID = 1L;

  /** The default number of choices (subtables). */
  public static final int DEFAULT_CHOICES = 2;

  /** The default number of slots per bucket: a bucket's tags fill its 8-byte word. */
  public static final int DEFAULT_SLOTS_PER_BUCKET = 8;

  /** The default load factor, in keys per slot. */
  public static final double DEFAULT_LOAD_FACTOR = 0.85;

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
    this(builder().expectedSize(expectedSize), true, null);
  }

  /**
   * Creates an empty map that holds {@code expectedSize} entries without growing, with the given
   * load factor.
   *
   * @param expectedSize a number of entries, {@code >= 0}
   * @param loadFactor keys per slot at which the table grows, in (0, 1]
   * @throws IllegalArgumentException if an argument is out of range
   */
  public DLeftHashMap(int expectedSize, float loadFactor) {
    this(builder().expectedSize(expectedSize).loadFactor(loadFactor), true, null);
  }

  /**
   * Creates a map with the mappings of {@code map}, sized for them. The copy draws a new random
   * seed and has the default settings whatever {@code map} is; {@link #clone()} keeps a twochoice
   * map's seed and settings, and {@code builder().seed(map.seed())} a chosen few.
   *
   * @param map the mappings to copy
   * @throws NullPointerException if {@code map} is null
   */
  public DLeftHashMap(Map<? extends K, ? extends V> map) {
    this(map.size());
    putAll(map);
  }

  /** Creates a map, or the keys-only table of a set. */
  DLeftHashMap(BucketMapBuilder<?> builder, boolean storesValues, HashStrategy<?> strategy) {
    super(builder, true, storesValues, strategy);
  }

  /**
   * Returns a builder for the number of choices, slots per bucket, load factor, expected size, hash
   * family and seed.
   *
   * @return a new builder with the defaults
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link DLeftHashMap}s.
   *
   * @since 0.1.0
   */
  public static final class Builder extends BucketMapBuilder<Builder> {
    private Builder() {
      super(DEFAULT_LOAD_FACTOR);
    }

    @Override
    Object buildFor(HashStrategy<?> strategy) {
      return strategy == null ? build() : build(KeyEquality.erase(strategy));
    }

    /**
     * Returns a new empty map with this builder's settings.
     *
     * @param <K> the type of keys
     * @param <V> the type of values
     * @return a new map
     */
    public <K, V> DLeftHashMap<K, V> build() {
      return new DLeftHashMap<>(this, true, null);
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
    public <K, V> DLeftHashMap<K, V> build(HashStrategy<? super K> strategy) {
      return new DLeftHashMap<>(this, true, Objects.requireNonNull(strategy, "strategy"));
    }
  }

  /** Vöcking's rule: the least loaded bucket, the leftmost on ties. Nothing else moves. */
  @Override
  int placeIn(BucketTable table, long hash, Object key, Object value) {
    int bucket = table.leastLoadedBucket(hash);
    if (bucket < 0) {
      return -1;
    }
    table.store(bucket, BucketTable.tagOf(hash), key, value);
    return 0;
  }

  /**
   * A thirty-second of the keys: Vöcking's rule never moves a key, so near the load factor, and
   * under steady insertions and removals at a high load, some keys find all their buckets full;
   * they wait in the overflow area, which lookups of other keys do not consult, rather than making
   * their segments grow, so that a map holds its expected size without growing.
   */
  @Override
  int tolerableOverflow() {
    return size() / 32;
  }

  /**
   * 4/3: the load factor must stay at {@value #DEFAULT_LOAD_FACTOR} or below (above it, under
   * steady insertions and removals, keys would often find all their buckets full and make their
   * segments grow), and growing by 4/3 keeps a large table at least 0.85 / (4/3) = 0.64 keys per
   * slot full: 14 bytes per entry or less at every size, where growing by half would leave 16.
   */
  @Override
  double growth() {
    return 4.0 / 3;
  }

  // ---- Statistics ----

  /**
   * Returns a snapshot of the bucket loads and lookup costs.
   *
   * <p>A <em>probe</em> is one bucket examined (one tag word); consulting the overflow area counts
   * as one probe. Probes are counted for a search from the left, the figure of the theory, so a key
   * in subtable i (from 0) costs i + 1 probes and one in the overflow area d + 1 (the lookup itself
   * reads the first two words together); {@link LoadStats#meanProbesMiss()} is d, plus one while
   * the overflow area is in use. {@link LoadStats#entriesPerChoice()} gives the occupancy of each
   * subtable, left to right.
   *
   * <p>Cost: O(buckets) time.
   *
   * @return the statistics of this map now
   */
  @Override
  public LoadStats loadStats() {
    int d = choices();
    long[] histogram = new long[slotsPerBucket() + 1];
    long[] perSubtable = new long[d];
    long probesHit = 0;
    for (int i = 0; i < segmentCount(); i++) {
      BucketTable segment = segment(i);
      for (int bucket = 0; bucket < segment.buckets(); bucket++) {
        int load = segment.loadOf(bucket);
        int subtable = bucket / segment.bucketsPerRange();
        histogram[load]++;
        perSubtable[subtable] += load;
        probesHit += (long) load * (subtable + 1);
      }
    }
    int inOverflow = overflow().size();
    probesHit += (long) inOverflow * (d + 1);
    return LoadStats.builder(histogram)
        .entriesPerChoice(perSubtable)
        .overflow(inOverflow)
        .meanProbes(size() == 0 ? 0 : (double) probesHit / size(), d + (inOverflow > 0 ? 1 : 0))
        .build();
  }

  // ---- Copying and serialization ----

  @Override
  public DLeftHashMap<K, V> clone() {
    return (DLeftHashMap<K, V>) super.clone();
  }
}
