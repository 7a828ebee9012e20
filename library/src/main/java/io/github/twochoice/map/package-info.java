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
 * gives a custom key equality ({@link io.github.twochoice.map.HashStrategy}). None is thread-safe
 * for writes; reads change nothing.
 */
package io.github.twochoice.map;
