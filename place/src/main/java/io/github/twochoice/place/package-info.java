/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Placing keys on servers: rendezvous hashing ({@link io.github.twochoice.place.Rendezvous}),
 * weighted ({@link io.github.twochoice.place.WeightedRendezvous}) and hierarchical ({@link
 * io.github.twochoice.place.HierarchicalRendezvous}), a fixed-size lookup table filled in
 * rendezvous order ({@link io.github.twochoice.place.LookupTable}), consistent hashing on a ring
 * ({@link io.github.twochoice.place.HashRing}), with two choices ({@link
 * io.github.twochoice.place.TwoChoiceRing}), and the modulo-N placement ({@link
 * io.github.twochoice.place.ModN}). Keys and node names are strings, hashed with FNV-1a 64 and the
 * SplitMix64 finalizer ({@link io.github.twochoice.place.Hash64}).
 */
package io.github.twochoice.place;
