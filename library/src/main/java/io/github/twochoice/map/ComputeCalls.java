/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.util.function.BiFunction;

/**
 * The compute calls of a {@link ConcurrentCuckooHashMap} ({@code compute}, {@code computeIfAbsent},
 * {@code computeIfPresent}, {@code merge}): each {@linkplain Reservation reserves} its key, runs
 * its function once with no lock held, stores the result and ends the reservation in one critical
 * section. Other writes of the key wait from the reservation to its end; reads never do.
 *
 * <p>Guarantees: nothing changes the key's value between the function's call and its result's
 * store, except {@code clear}, after which the result is not stored (the call took effect just
 * before the clear). A function that throws leaves the mapping as it was and ends the reservation.
 *
 * <p>Cost: one reservation object per call and two acquisitions of the key's stripe (to reserve,
 * then to store); the store goes straight to the slot where the reservation found the key if it is
 * still there, else through {@link ConcurrentCuckooWrites#write}.
 */
final class ComputeCalls {
  /** The segments whose keys are reserved. */
  private final ConcurrentDirectory directory;

  /** Stores a result that cannot go straight to its key's slot. */
  private final ConcurrentCuckooWrites writes;

  ComputeCalls(ConcurrentDirectory directory, ConcurrentCuckooWrites writes) {
    this.directory = directory;
    this.writes = writes;
  }

  /**
   * The compute methods' one update: reserves {@code key}, applies {@code function} once to its
   * value (null: absent), stores the result (null: removes) unless it is the value itself, and ends
   * the reservation. Other writes of the key wait from the reservation to its end, so nothing
   * changes the value between the function's call and its result's store — except {@code clear},
   * after which the result is not stored: the call took effect just before the clear.
   */
  @SuppressWarnings("unchecked") // only V is ever stored as a value
  <K, V> V update(K key, long hash, BiFunction<? super K, ? super V, ? extends V> function) {
    Reservation mine = reserve(key, hash);
    boolean ended = false;
    try {
      V old = (V) mine.value;
      V value = function.apply(key, old);
      if (value != old) {
        if (!replaceInPlace(mine, value)) {
          writes.write(key, hash, ConcurrentCuckooWrites.ANY, value, mine);
        }
        ended = true;
      }
      return value;
    } finally {
      if (!ended) {
        unreserve(mine);
      }
      mine.release();
    }
  }

  /**
   * Reserves {@code key}, after waiting for any other call that holds it, and returns the
   * reservation with the key's value then. The key is found without locks first, as by {@link
   * ConcurrentCuckooWrites#write}; adding a reservation changes no slot, so no reader retries for
   * it.
   */
  private Reservation reserve(Object key, long hash) {
    Reservation mine = new Reservation(hash, key);
    for (int attempt = 0; ; attempt++) {
      ConcurrentCuckooTable t = directory.segmentOf(hash);
      int stripe = t.stripeOf(hash);
      long mask = ConcurrentCuckooTable.maskOf(stripe);
      int where;
      boolean locked;
      if (attempt < ConcurrentCuckooWrites.OPTIMISTIC_WRITES) {
        long stamp = t.stamp(mask);
        where = stamp < 0 ? ConcurrentCuckooTable.STALE : t.search(hash, key, mask, stamp);
        locked = where != ConcurrentCuckooTable.STALE && t.tryLock(stripe, stamp);
      } else {
        locked = t.lock(stripe);
        where = ConcurrentCuckooTable.STALE; // searched below, under the lock
      }
      if (!locked) {
        ConcurrentCuckooTable.pause(attempt);
        continue;
      }
      Reservation other;
      try { // the key's equals may throw: the stripe is released whatever happens
        if (where == ConcurrentCuckooTable.STALE) {
          where = t.search(hash, key, mask, -1);
        }
        other = t.reservationOf(stripe, hash, key);
        if (other == null) {
          mine.value = ConcurrentCuckooWrites.valueAt(t, where, key);
          if (where >= 0) {
            mine.table = t;
            mine.slot = where;
            mine.stored = t.keyAt(where);
          }
          t.reserve(stripe, mine);
          return mine;
        }
      } finally {
        t.unlock(stripe, false);
      }
      other.await();
    }
  }

  /**
   * Stores {@code value} (not null) in the slot where {@code mine} found its key, if the key is
   * still there, and ends the reservation: the commit of a compute call without a second search. A
   * {@code clear} that cancelled {@code mine} retired its segment, so the lock fails and {@link
   * ConcurrentCuckooWrites#write} finds the cancellation.
   *
   * @return false if the key was absent or has moved, or its segment was replaced: then {@link
   *     ConcurrentCuckooWrites#write} must store it
   */
  private boolean replaceInPlace(Reservation mine, Object value) {
    ConcurrentCuckooTable t = mine.table;
    if (value == null || t == null) {
      return false;
    }
    int stripe = t.stripeOf(mine.hash);
    if (!t.lock(stripe)) {
      return false;
    }
    if (t.keyAt(mine.slot) != mine.stored) {
      t.unlock(stripe, false);
      return false;
    }
    t.setValueAt(mine.slot, value);
    t.unlock(stripe, true, mine);
    return true;
  }

  /** Ends {@code reservation} without a write. */
  private void unreserve(Reservation reservation) {
    for (; ; ) {
      ConcurrentCuckooTable t = directory.segmentOf(reservation.hash);
      int stripe = t.stripeOf(reservation.hash);
      if (t.lock(stripe)) {
        t.unreserve(stripe, reservation);
        t.unlock(stripe, false);
        return;
      }
    }
  }
}
