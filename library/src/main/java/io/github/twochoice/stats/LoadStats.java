/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.stats;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * An immutable snapshot of how a hash table's entries are spread over its buckets: the load
 * histogram, the maximum load, the layer profile, the mean probes per lookup, and where the entries
 * live among their choices.
 *
 * <p>A <em>probe</em> is defined by the map that made the snapshot (for the chained maps: one chain
 * entry examined, that is one tag comparison); see the map's {@code loadStats()}.
 *
 * <p>Entries kept outside the buckets (an overflow area for keys that no choice can separate) are
 * counted by {@link #overflow()} and {@link #size()}, not by the histogram.
 *
 * <p>Cost: the snapshot holds copies of its arrays, so it stays valid while the map changes; every
 * accessor is O(1) except {@link #fractionAtLeast(int)}, which is O(max load).
 *
 * @since 0.1.0
 */
public final class LoadStats {
  private final long buckets;
  private final long size;
  private final long[] histogram;
  private final long[] entriesPerChoice;
  private final long overflow;
  private final double meanProbesHit;
  private final double meanProbesMiss;

  private LoadStats(Builder b) {
    this.histogram = trimTrailingZeros(b.histogram);
    this.buckets = Arrays.stream(histogram).sum();
    this.entriesPerChoice = b.entriesPerChoice.clone();
    this.overflow = b.overflow;
    long inBuckets = 0;
    for (int k = 1; k < histogram.length; k++) {
      inBuckets += k * histogram[k];
    }
    this.size = inBuckets + overflow;
    this.meanProbesHit = b.meanProbesHit;
    this.meanProbesMiss = b.meanProbesMiss;
  }

  /**
   * Starts a snapshot from a bucket-load histogram. The maps and sets build theirs with it; it is a
   * supported API for experiments and tables of their own that report loads the same way.
   *
   * @param histogram index k holds the number of buckets holding exactly k entries; copied
   * @return a builder for the remaining figures
   * @throws NullPointerException if {@code histogram} is null
   * @throws IllegalArgumentException if {@code histogram} is empty or has a negative count
   */
  public static Builder builder(long[] histogram) {
    Objects.requireNonNull(histogram, "histogram");
    if (histogram.length == 0) {
      throw new IllegalArgumentException("histogram must have at least one entry");
    }
    for (long count : histogram) {
      if (count < 0) {
        throw new IllegalArgumentException("histogram counts must be >= 0: " + count);
      }
    }
    return new Builder(histogram.clone());
  }

  /**
   * Collects the figures of a {@link LoadStats} snapshot.
   *
   * @since 0.1.0
   */
  public static final class Builder {
    private final long[] histogram;
    private long[] entriesPerChoice = new long[0];
    private long overflow;
    private double meanProbesHit;
    private double meanProbesMiss;

    private Builder(long[] histogram) {
      this.histogram = histogram;
    }

    /**
     * Sets how many entries live in their first, second, ... choice.
     *
     * @param counts index i holds the number of entries in choice i; copied
     * @return this builder
     */
    public Builder entriesPerChoice(long[] counts) {
      this.entriesPerChoice = Objects.requireNonNull(counts, "counts").clone();
      return this;
    }

    /**
     * Sets the number of entries kept outside the buckets.
     *
     * @param entries the overflow entry count, {@code >= 0}
     * @return this builder
     */
    public Builder overflow(long entries) {
      if (entries < 0) {
        throw new IllegalArgumentException("overflow entries must be >= 0: " + entries);
      }
      this.overflow = entries;
      return this;
    }

    /**
     * Sets the mean probes of a successful and of an unsuccessful lookup.
     *
     * @param hit mean probes of a lookup that finds its key, {@code >= 0}
     * @param miss mean probes of a lookup that does not, {@code >= 0}
     * @return this builder
     */
    public Builder meanProbes(double hit, double miss) {
      if (!(hit >= 0) || !(miss >= 0)) {
        throw new IllegalArgumentException(
            "mean probes must be >= 0: hit=" + hit + " miss=" + miss);
      }
      this.meanProbesHit = hit;
      this.meanProbesMiss = miss;
      return this;
    }

    /**
     * Returns the snapshot.
     *
     * @return an immutable snapshot of the collected figures
     */
    public LoadStats build() {
      return new LoadStats(this);
    }
  }

  /**
   * Returns the number of buckets.
   *
   * @return the bucket count
   */
  public long buckets() {
    return buckets;
  }

  /**
   * Returns the number of entries, in buckets and in the overflow area.
   *
   * @return the entry count
   */
  public long size() {
    return size;
  }

  /**
   * Returns the mean load per bucket: entries in buckets per bucket. For a chained map this is its
   * load factor's measure (keys per bucket); for a map of b-slot buckets it is b times keys per
   * slot, the measure of its load factor.
   *
   * @return {@code (size - overflow) / buckets}, or 0 for a table without buckets
   */
  public double meanKeysPerBucket() {
    return buckets == 0 ? 0 : (double) (size - overflow) / buckets;
  }

  /**
   * Returns the largest number of entries in one bucket.
   *
   * @return the maximum load
   */
  public int maxLoad() {
    return histogram.length - 1;
  }

  /**
   * Returns the smallest number of entries in one bucket: 0 if any bucket is empty, and 0 for a
   * table without buckets.
   *
   * @return the minimum load
   */
  public int minLoad() {
    int k = 0;
    while (k < histogram.length - 1 && histogram[k] == 0) {
      k++;
    }
    return k;
  }

  /**
   * Returns the load histogram.
   *
   * @return a fresh array whose index k is the number of buckets holding exactly k entries, with
   *     length {@code maxLoad() + 1}
   */
  public long[] histogram() {
    return histogram.clone();
  }

  /**
   * Returns the layer fraction s<sub>k</sub>: the fraction of buckets holding at least k entries.
   *
   * @param k the layer, {@code >= 0}
   * @return a value in [0, 1]; 1 for k = 0 (0 for a table without buckets)
   * @throws IllegalArgumentException if {@code k < 0}
   */
  public double fractionAtLeast(int k) {
    if (k < 0) {
      throw new IllegalArgumentException("k must be >= 0: " + k);
    }
    long atLeast = 0;
    for (int j = k; j < histogram.length; j++) {
      atLeast += histogram[j];
    }
    return buckets == 0 ? 0 : (double) atLeast / buckets;
  }

  /**
   * Returns how many entries live in their first, second, ... choice (excluding overflow).
   *
   * @return a fresh array indexed by choice, empty if the map did not report it
   */
  public long[] entriesPerChoice() {
    return entriesPerChoice.clone();
  }

  /**
   * Returns the number of entries kept outside the buckets.
   *
   * @return the overflow entry count
   */
  public long overflow() {
    return overflow;
  }

  /**
   * Returns the mean number of probes of a lookup that finds its key, averaged over the keys.
   *
   * @return the mean probes of a successful lookup
   */
  public double meanProbesHit() {
    return meanProbesHit;
  }

  /**
   * Returns the mean number of probes of a lookup that does not find its key.
   *
   * @return the mean probes of an unsuccessful lookup
   */
  public double meanProbesMiss() {
    return meanProbesMiss;
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder();
    s.append(
        String.format(
            Locale.ROOT,
            "LoadStats: %d entries in %d buckets (load %.3f), max load %d, overflow %d%n",
            size,
            buckets,
            meanKeysPerBucket(),
            maxLoad(),
            overflow));
    s.append(
        String.format(
            Locale.ROOT, "  probes: hit %.3f, miss %.3f%n", meanProbesHit, meanProbesMiss));
    s.append("  load  buckets      fraction>=load\n");
    for (int k = 0; k < histogram.length; k++) {
      s.append(
          String.format(Locale.ROOT, "  %4d  %-12d %.6f%n", k, histogram[k], fractionAtLeast(k)));
    }
    if (entriesPerChoice.length > 0) {
      s.append("  entries per choice: ").append(Arrays.toString(entriesPerChoice)).append('\n');
    }
    return s.toString();
  }

  private static long[] trimTrailingZeros(long[] histogram) {
    int length = histogram.length;
    while (length > 1 && histogram[length - 1] == 0) {
      length--;
    }
    return Arrays.copyOf(histogram, length);
  }
}
