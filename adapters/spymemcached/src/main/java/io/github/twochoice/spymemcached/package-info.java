/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The placement module inside spymemcached: {@link
 * io.github.twochoice.spymemcached.PlacementNodeLocator} places each key on a memcached server by
 * rendezvous hashing, weighted rendezvous hashing or a lookup table, and fails over in the order of
 * the key's ranking; {@link io.github.twochoice.spymemcached.PlacementConnectionFactory} hands it
 * to a {@code MemcachedClient}.
 */
package io.github.twochoice.spymemcached;
