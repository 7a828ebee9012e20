/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Rendezvous hashing for Kafka producers: {@link io.github.twochoice.kafka.RendezvousPartitioner}
 * places each keyed record on a partition so that growing a topic from N to N + 1 partitions moves
 * about 1/(N + 1) of the keys, all to the new partition, where the default partitioner (murmur2 mod
 * N) moves about N/(N + 1).
 */
package io.github.twochoice.kafka;
