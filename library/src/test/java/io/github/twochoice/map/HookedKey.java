/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.util.concurrent.CountDownLatch;

/**
 * A test key whose {@code hashCode()} and {@code equals} first run a hook: the way a test stops a
 * thread at one point of a map's code (the hook waits on a latch) or acts at one moment (the hook
 * removes a key). Keys are equal when their values are; the hash code spreads the value by the
 * golden ratio unless it is chosen. The hooks run on every call and do nothing unless a test
 * overrides them, so each test's hook decides when it acts.
 */
abstract class HookedKey {
  final int value;
  final int hash;

  HookedKey(int value) {
    this(value, value * 0x9E37_79B9);
  }

  HookedKey(int value, int hash) {
    this.value = value;
    this.hash = hash;
  }

  /** Runs at the start of every {@code hashCode()}, on the hashing thread. */
  void beforeHash() {}

  /** Runs at the start of every {@code equals}, with the object this key is compared with. */
  void beforeEquals(Object other) {}

  /**
   * Makes the calling thread signal {@code reached} and wait for {@code release}; an interrupt ends
   * the wait and stays set.
   */
  static void pause(CountDownLatch reached, CountDownLatch release) {
    reached.countDown();
    try {
      release.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Whether the calling thread is inside a method named {@code method} of {@code owner}. */
  static boolean calledFrom(Class<?> owner, String method) {
    return StackWalker.getInstance()
        .walk(
            frames ->
                frames.anyMatch(
                    f ->
                        f.getClassName().equals(owner.getName())
                            && f.getMethodName().equals(method)));
  }

  @Override
  public final int hashCode() {
    beforeHash();
    return hash;
  }

  @Override
  public final boolean equals(Object o) {
    beforeEquals(o);
    return o instanceof HookedKey other && other.value == value;
  }

  @Override
  public final String toString() {
    return "key " + value;
  }
}
