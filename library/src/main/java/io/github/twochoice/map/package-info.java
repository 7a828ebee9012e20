/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Drop-in {@link java.util.Map} and {@link java.util.Set} implementations built on the power of
 * random choices, each reporting its bucket loads as {@link io.github.twochoice.stats.LoadStats}.
 *
 * <p>Maps: {@link io.github.twochoice.map.OneChoiceHashMap} (the baseline), {@link
 * io.github.twochoice.map.TwoChoiceHashMap}, {@link io.github.twochoice.map.DLeftHashMap}, {@link
 * io.github.twochoice.map.CuckooHashMap}; sets on the same tables without value slots: {@link
 * io.github.twochoice.map.TwoChoiceHashSet}, {@link io.github.twochoice.map.DLeftHashSet}, {@link
 * io.github.twochoice.map.CuckooHashSet}. Each has a builder (choices, slots per bucket, load
 * factor in keys per slot, expected size, hash family, seed) whose {@code build(HashStrategy)}
 * gives a custom key equality ({@link io.github.twochoice.map.HashStrategy}). These need exclusive
 * access for writes (reads change nothing, so a safely published map may be read by many threads
 * while none writes).
 *
 * <p>Shared between threads: {@link io.github.twochoice.map.ConcurrentCuckooHashMap}, a drop-in
 * {@link java.util.concurrent.ConcurrentMap} on the cuckoo layout with lookups that never lock, and
 * its concurrent set {@link io.github.twochoice.map.ConcurrentCuckooHashMap#newKeySet()}.
 */
package io.github.twochoice.map;
