/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.place.Rendezvous;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.Partitioner;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * The partitioner inside Kafka's own {@link MockProducer}: where each record goes, and how many
 * keys move when a topic grows, beside the default partitioner (murmur2 mod N) in the same run.
 */
class RendezvousPartitionerTest {
  private static final String TOPIC = "pages";
  private static final int KEYS = 10_000;

  /** A one-broker cluster whose topic has {@code partitions} partitions, {@code offline} down. */
  private static Cluster cluster(int partitions, int... offline) {
    Node broker = new Node(0, "localhost", 9092);
    List<PartitionInfo> infos = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      boolean down = false;
      for (int o : offline) {
        down |= o == p;
      }
      Node leader = down ? null : broker;
      infos.add(new PartitionInfo(TOPIC, p, leader, new Node[] {broker}, new Node[] {broker}));
    }
    return new Cluster("test", List.of(broker), infos, Set.of(), Set.of());
  }

  /** The partition of every key "/page/k" as the producer sends it. */
  private static int[] partitions(Cluster cluster, Partitioner partitioner) throws Exception {
    try (MockProducer<String, String> producer =
        new MockProducer<>(
            cluster, true, partitioner, new StringSerializer(), new StringSerializer())) {
      int[] partitions = new int[KEYS];
      for (int k = 0; k < KEYS; k++) {
        partitions[k] =
            producer
                .send(new ProducerRecord<>(TOPIC, "/page/" + k, "hit"))
                .get(10, TimeUnit.SECONDS)
                .partition();
      }
      return partitions;
    }
  }

  private static void assertBinomial(long count, int n, double p, String what) {
    assertEquals(n * p, (double) count, 4 * Math.sqrt(n * p * (1 - p)), what);
  }

  @Test
  void eachKeyGoesToItsRendezvousOwnerAndEachPartitionGetsItsShare() throws Exception {
    int[] partitions = partitions(cluster(8), new RendezvousPartitioner());
    List<String> names = List.of("0", "1", "2", "3", "4", "5", "6", "7");
    Rendezvous<String> rendezvous = Rendezvous.ofNames(names);
    long[] counts = new long[8];
    for (int k = 0; k < KEYS; k++) {
      assertEquals(rendezvous.owner("/page/" + k), String.valueOf(partitions[k]), "key " + k);
      counts[partitions[k]]++;
    }
    for (int p = 0; p < 8; p++) {
      assertBinomial(counts[p], KEYS, 1.0 / 8, "partition " + p);
    }
  }

  @Test
  void growingATopicMovesAboutOneInNPlusOneKeysAllToTheNewPartition() throws Exception {
    for (int n : new int[] {3, 8, 24}) {
      int[] before = partitions(cluster(n), new RendezvousPartitioner());
      int[] after = partitions(cluster(n + 1), new RendezvousPartitioner());
      int moved = 0;
      int defaultMoved = 0;
      for (int k = 0; k < KEYS; k++) {
        if (after[k] != before[k]) {
          assertEquals(n, after[k], "a key moves only to the new partition");
          moved++;
        }
        // What KafkaProducer's built-in partitioner does with a key: murmur2 mod N.
        byte[] key = ("/page/" + k).getBytes(StandardCharsets.UTF_8);
        defaultMoved +=
            BuiltInPartitioner.partitionForKey(key, n)
                    != BuiltInPartitioner.partitionForKey(key, n + 1)
                ? 1
                : 0;
      }
      assertBinomial(moved, KEYS, 1.0 / (n + 1), n + " → " + (n + 1) + " partitions");
      assertBinomial(defaultMoved, KEYS, n / (n + 1.0), "murmur2 mod N, " + n + " → " + (n + 1));
    }
  }

  @Test
  void aKeysPartitionDoesNotDependOnWhichPartitionsAreAvailable() throws Exception {
    int[] all = partitions(cluster(6), new RendezvousPartitioner());
    int[] twoDown = partitions(cluster(6, 1, 4), new RendezvousPartitioner());
    for (int k = 0; k < KEYS; k++) {
      assertEquals(all[k], twoDown[k], "key " + k);
    }
  }

  @Test
  void recordsWithoutAKeyGoRoundRobinOverTheAvailablePartitions() throws Exception {
    RendezvousPartitioner partitioner = new RendezvousPartitioner();
    Cluster cluster = cluster(5, 2);
    long[] counts = new long[5];
    for (int r = 0; r < 400; r++) {
      counts[partitioner.partition(TOPIC, null, null, "v", new byte[1], cluster)]++;
    }
    assertEquals(
        List.of(100L, 100L, 0L, 100L, 100L),
        List.of(counts[0], counts[1], counts[2], counts[3], counts[4]));
  }

  @Test
  void aBadPartitionCountIsRefused() {
    RendezvousPartitioner partitioner = new RendezvousPartitioner();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> partitioner.partitionOf(new byte[1], 0));
    assertEquals("partitions must be at least 1: 0", e.getMessage());
    assertThrows(NullPointerException.class, () -> partitioner.partitionOf(null, 3));
    assertTrue(
        partitioner.partitionOf("x".getBytes(StandardCharsets.UTF_8), 1) == 0, "one partition");
  }
}
