/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.kafka;

import io.github.twochoice.place.Hash64;
import io.github.twochoice.place.PairHash;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.producer.Partitioner;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.PartitionInfo;

/**
 * A Kafka producer {@link Partitioner} that places each keyed record by rendezvous hashing over the
 * topic's partitions: partition p's weight for a key is the standard pair hash of the key's bytes
 * and of p's name (its number in decimal, {@code "0"}, {@code "1"}, …), and the key goes to the
 * partition of highest weight. For a key serialized as UTF-8 text this is {@code
 * Rendezvous.ofNames(List.of("0", …, "N-1")).owner(key)}, so a cache and a topic keyed alike place
 * alike.
 *
 * <p>What it guarantees: each of N partitions receives 1/N of the keys; when the topic grows to N +
 * 1 partitions, a key moves only to the new one, about 1/(N + 1) of the keys, where Kafka's default
 * (murmur2 of the key mod N) moves about N/(N + 1) of them and so breaks the per-key order of
 * almost every key. A key's partition never depends on which partitions are available, as with the
 * default. Records without a key go round-robin over the available partitions.
 *
 * <p>Use it with {@code partitioner.class = io.github.twochoice.kafka.RendezvousPartitioner}.
 *
 * <p>Cost: N pair hashes per keyed record (a few nanoseconds each), and 8 bytes per partition for
 * the names' hashes, kept once for the largest topic seen. Thread-safe.
 */
public final class RendezvousPartitioner implements Partitioner {
  private static final PairHash PAIR_HASH = PairHash.standard();

  /** The hashes of the partition names "0", "1", …, at least as many as the largest topic's. */
  private volatile long[] nameHashes = new long[0];

  private final Map<String, AtomicInteger> unkeyed = new ConcurrentHashMap<>();

  /** Creates the partitioner, as Kafka does from {@code partitioner.class}. */
  public RendezvousPartitioner() {}

  @Override
  public void configure(Map<String, ?> configs) {}

  @Override
  public int partition(
      String topic, Object key, byte[] keyBytes, Object value, byte[] valueBytes, Cluster cluster) {
    int partitions = cluster.partitionsForTopic(topic).size();
    if (keyBytes == null) {
      return roundRobin(topic, cluster, partitions);
    }
    return partitionOf(keyBytes, partitions);
  }

  /**
   * The partition of a key among {@code partitions} partitions, without a cluster.
   *
   * @param keyBytes the serialized key
   * @param partitions the topic's partition count, at least one
   * @return the key's partition, from 0 to {@code partitions - 1}
   * @throws IllegalArgumentException if {@code partitions} is not positive
   * @throws NullPointerException if {@code keyBytes} is null
   */
  public int partitionOf(byte[] keyBytes, int partitions) {
    if (partitions < 1) {
      throw new IllegalArgumentException("partitions must be at least 1: " + partitions);
    }
    long keyHash = Hash64.fnv1a64(keyBytes);
    long[] names = namesFor(partitions);
    int best = 0;
    long bestWeight = PAIR_HASH.weight(keyHash, names[0]);
    for (int p = 1; p < partitions; p++) {
      long weight = PAIR_HASH.weight(keyHash, names[p]);
      if (Long.compareUnsigned(weight, bestWeight) > 0) {
        best = p;
        bestWeight = weight;
      }
    }
    return best;
  }

  private long[] namesFor(int partitions) {
    long[] names = nameHashes;
    if (names.length < partitions) {
      names = new long[partitions];
      for (int p = 0; p < partitions; p++) {
        names[p] = Hash64.fnv1a64(Integer.toString(p));
      }
      nameHashes = names;
    }
    return names;
  }

  private int roundRobin(String topic, Cluster cluster, int partitions) {
    int next = unkeyed.computeIfAbsent(topic, t -> new AtomicInteger()).getAndIncrement();
    List<PartitionInfo> available = cluster.availablePartitionsForTopic(topic);
    return available.isEmpty()
        ? Math.floorMod(next, partitions)
        : available.get(Math.floorMod(next, available.size())).partition();
  }

  @Override
  public void close() {}
}
