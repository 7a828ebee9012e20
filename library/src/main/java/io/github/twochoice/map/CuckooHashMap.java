/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.stats.CuckooStats;
import io.github.twochoice.stats.LoadStats;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/**
 * Bucketed cuckoo hashing: every key may live in any slot of its d buckets (d ≥ 2, b slots each),
 * so a lookup reads at most d buckets whatever happens; an insert that finds them full moves
 * resident keys to other buckets of their own along the shortest augmenting path, found by an exact
 * search ({@link BucketSearch}) rather than a bounded random walk.
 *
 * <p>A drop-in {@link Map}: null keys and values, fail-fast iterators, serializable, cloneable. Not
 * thread-safe. Defaults: d = 2, b = 8, load factor {@value #DEFAULT_LOAD_FACTOR} keys per slot (the
 * placement threshold of d = 2, b = 8 is above 0.99). The classic layout for teaching is {@code
 * builder().choices(2).slotsPerBucket(1).loadFactor(0.45)}: its threshold is 1/2.
 *
 * <p><b>Layout.</b> Buckets of b ≤ 8 slots in flat arrays, one word of 7-bit tags per bucket and
 * the keys and values side by side ({@link BucketTable}): a lookup reads the tag words of its first
 * two buckets at once and calls {@code equals} only on a tag match. A new key goes to its bucket
 * with the most free slots (the earliest choice on ties), as in balanced allocation, so that few
 * inserts find all their buckets full.
 *
 * <p><b>Growth never pauses, and failure.</b> The table is cut into segments with room for at most
 * 512 keys, each a cuckoo table of its own, chosen by the low bits of the key's hash ({@link
 * AbstractBucketMap}): a key's d buckets and every augmenting path lie in its segment. A segment
 * grows on its own (doubling while the map is small, by half once it is large, split in two once it
 * would have room for more than 512 keys) when its keys reach the load factor, so the slowest
 * {@code put} moves one segment's keys, whatever the size of the map. If a key cannot be placed at
 * all (no augmenting path), its segment grows if it is at least half as full as the load factor;
 * below that the failure is blamed on the keys, not the load, and the key goes to a stash. So does
 * a key that finds its segment over-full while the map fills the size it was presized for (the
 * keys' shares of small segments vary: a few of hundreds get more than they can hold), and its
 * segment takes it back when it grows. That is where keys with equal hash codes end up: they share
 * all d buckets under every seed, so more than d·b of them fit in no table, and growing would never
 * help. The stash (an overflow area indexed by a {@link java.util.HashMap}, which treeifies
 * equal-hash {@code Comparable} keys) keeps such a flood at O(log n) per operation. A growth builds
 * the new segments completely before they replace the old one, and a failed insert leaves the table
 * untouched, so no key is ever lost or duplicated, the new one and the last one moved included.
 *
 * <p>Cost: a lookup reads the directory entry of its segment, d tag words (the first two together)
 * and, on a tag match, one key; no allocation. An insert into a full pair of buckets hashes the
 * resident keys it considers moving; a growth hashes the keys of one segment again. Memory: 9 bytes
 * per slot (two compressed references and a tag byte); above 2<sup>10</sup> slots, every segment is
 * 2/3 to 1 times the load factor full.
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
public final class CuckooHashMap<K, V> extends AbstractBucketMap<K, V> {
  private static final long serialVersionUID = 1L;

  /** The default number of choices. */
  public static final int DEFAULT_CHOICES = 2;

  /** The default number of slots per bucket: a bucket's tags fill its 8-byte word. */
  public static final int DEFAULT_SLOTS_PER_BUCKET = 8;

  /** The default load factor, in keys per slot. */
  public static final double DEFAULT_LOAD_FACTOR = 0.9;

  private transient BucketSearch search;
  private transient long[] evictionPaths;

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
  public CuckooHashMap(int expectedSize, float loadFactor) {
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
  public CuckooHashMap(Map<? extends K, ? extends V> map) {
    this(map.size());
    putAll(map);
  }

  /** Creates a map, or the keys-only table of a set. */
  CuckooHashMap(BucketMapBuilder<?> builder, boolean storesValues, HashStrategy<?> strategy) {
    super(builder, false, storesValues, strategy);
    initializeInsertState();
  }

  private void initializeInsertState() {
    search = new BucketSearch(hasher(), strategy());
    evictionPaths = new long[4];
  }

  /**
   * Returns a builder for d, b, the load factor (keys per slot), the expected size, the hash family
   * and the seed.
   *
   * @return a new builder with the defaults
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link CuckooHashMap}s.
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
    public <K, V> CuckooHashMap<K, V> build() {
      return new CuckooHashMap<>(this, true, null);
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
    public <K, V> CuckooHashMap<K, V> build(HashStrategy<? super K> strategy) {
      return new CuckooHashMap<>(this, true, Objects.requireNonNull(strategy, "strategy"));
    }
  }

  /** The exact insert: the emptiest bucket, else the shortest augmenting path. */
  @Override
  int placeIn(BucketTable table, long hash, Object key, Object value) {
    return search.insert(table, hash, key, value);
  }

  /**
   * None: a key no augmenting path can place grows its segment, unless the segment is nearly empty.
   */
  @Override
  int tolerableOverflow() {
    return 0;
  }

  @Override
  void placed(int moves) {
    if (moves >= evictionPaths.length) {
      evictionPaths = Arrays.copyOf(evictionPaths, Math.max(2 * evictionPaths.length, moves + 1));
    }
    evictionPaths[moves]++;
  }

  // ---- Statistics ----

  /**
   * Returns a snapshot of the bucket loads and lookup costs.
   *
   * <p>A <em>probe</em> is one bucket examined; consulting the stash counts as one probe. Probes
   * are counted for a search in choice order, the figure of the theory, so a key in its i-th choice
   * (from 0) costs i + 1 probes and a stashed one d + 1 (the lookup itself reads the first two
   * buckets' tags together); {@link LoadStats#meanProbesMiss()} is d, plus one while the stash is
   * in use. {@link LoadStats#entriesPerChoice()} counts the keys living in their first, second, ...
   * bucket, and {@link LoadStats#overflow()} the stashed keys.
   *
   * <p>Cost: O(slots) time and one {@code hashCode()} call per key.
   *
   * @return the statistics of this map now
   */
  @Override
  public LoadStats loadStats() {
    int d = choices();
    long[] histogram = new long[slotsPerBucket() + 1];
    long[] perChoice = new long[d];
    long probesHit = 0;
    for (int i = 0; i < segmentCount(); i++) {
      BucketTable segment = segment(i);
      for (int bucket = 0; bucket < segment.buckets(); bucket++) {
        histogram[segment.loadOf(bucket)]++;
      }
      for (int slot = segment.nextLive(0);
          slot < segment.slots();
          slot = segment.nextLive(slot + 1)) {
        long hash = hash(segment.keyAt(slot));
        int bucket = segment.bucketOfSlot(slot);
        int choice = 0;
        while (segment.bucketOf(hash, choice) != bucket) {
          choice++;
        }
        perChoice[choice]++;
        probesHit += choice + 1;
      }
    }
    int stashed = overflow().size();
    probesHit += (long) stashed * (d + 1);
    return LoadStats.builder(histogram)
        .entriesPerChoice(perChoice)
        .overflow(stashed)
        .meanProbes(size() == 0 ? 0 : (double) probesHit / size(), d + (stashed > 0 ? 1 : 0))
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
        rehashesForLoad(),
        rehashesForFailedInsert(),
        overflowInsertions(),
        overflow().size());
  }

  // ---- Copying and serialization ----

  @Override
  public CuckooHashMap<K, V> clone() {
    CuckooHashMap<K, V> copy = (CuckooHashMap<K, V>) super.clone();
    copy.search = new BucketSearch(hasher(), strategy());
    copy.evictionPaths = evictionPaths.clone();
    return copy;
  }
}
