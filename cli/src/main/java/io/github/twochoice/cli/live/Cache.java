/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.live;

/**
 * A cluster of cache servers as the replay uses it: read a key, store it, and the two events of the
 * experiment. The real cluster and its simulation answer alike when the client behaves as its
 * locator says.
 */
interface Cache extends AutoCloseable {
  /** Whether the key is cached. */
  boolean get(String key);

  /** Caches the key. */
  void set(String key);

  /** Server i crashes, losing its keys; the client keeps it in its list and fails over. */
  void stop(int i);

  /** The stopped server is replaced by a new one: the client's list is the survivors and it. */
  void replace(int stopped);

  /** The number of keys each running server holds. */
  long[] items();

  /** The gets each server answered with a value (for the stopped one, until it stopped). */
  long[] hits();

  @Override
  void close();
}
