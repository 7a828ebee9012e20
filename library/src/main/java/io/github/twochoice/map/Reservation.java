/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

/**
 * A key of a {@link ConcurrentCuckooHashMap} held by one call of {@code compute}, {@code
 * computeIfAbsent}, {@code computeIfPresent} or {@code merge} while its function runs: every other
 * write of the key waits until the call is done, so the function runs once and its result replaces
 * exactly the value it was given. Reads never look at reservations.
 *
 * <p>A reservation lives in the list of its key's stripe in the key's segment ({@link
 * ConcurrentCuckooTable#reservationOf}); the list and {@link #next} are read and written only by a
 * thread that holds the stripe, or by a growth or {@code clear} that has frozen the segment. {@code
 * clear} {@link #cancel cancels} the reservations it finds: the owner then stores nothing, as if
 * its call had completed just before the clear.
 *
 * <p>Cost: one object per call and no lock held while the function runs; waiting on a reservation
 * parks the waiter until the owner is done.
 */
final class Reservation {
  /** The thread whose call holds the key. */
  final Thread owner = Thread.currentThread();

  /** The key's 64-bit hash: a waiter's search compares it before {@code equals}. */
  final long hash;

  /** The reserved key. */
  final Object key;

  /** The value the key had when it was reserved, or null if it was absent. */
  Object value;

  /**
   * Where the key was when it was reserved: its segment, slot and stored key object (null if it was
   * absent or in the overflow area). The key is reserved, so no write replaces it meanwhile; an
   * insert of another key may only move it, so if the slot still holds the same object, it is the
   * key's slot.
   */
  ConcurrentCuckooTable table;

  int slot = -1;
  Object stored;

  /** The next reservation of the same stripe. */
  Reservation next;

  /** Set by {@code clear}: the key's mapping was removed after the owner reserved it. */
  private boolean cancelled;

  private volatile boolean done;
  private volatile boolean awaited;

  Reservation(long hash, Object key) {
    this.hash = hash;
    this.key = key;
  }

  /** Marks the reservation removed by {@code clear}; the caller has frozen the segment. */
  void cancel() {
    cancelled = true;
  }

  /** Whether {@code clear} removed the key since it was reserved; read under the key's stripe. */
  boolean cancelled() {
    return cancelled;
  }

  /** Ends the reservation: wakes every thread waiting for it. Called once, by the owner. */
  void release() {
    done = true;
    if (awaited) {
      synchronized (this) {
        notifyAll();
      }
    }
  }

  /**
   * Waits until the owner has released the reservation. An interrupt is kept for the caller, not
   * acted upon: the write that waits must still happen.
   *
   * @throws IllegalStateException if the calling thread is the owner: a function that writes its
   *     own key would wait for itself forever
   */
  void await() {
    if (owner == Thread.currentThread()) {
      throw new IllegalStateException(
          "a compute, computeIfAbsent, computeIfPresent or merge function wrote its own key");
    }
    awaited = true; // volatile: either release() sees it, or this thread sees done
    boolean interrupted = false;
    synchronized (this) {
      while (!done) {
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
