/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.stats.CuckooStats;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The writes of a {@link ConcurrentCuckooHashMap}: one primitive, {@link #write}, a compare-and-set
 * of a key's value, and what the inserts cost ({@link #cuckooStats}). It finds the key without
 * locks, then takes the key's stripe only if the stripe's word still equals the stamp the search
 * validated, so {@code equals} runs outside the lock; after {@link #OPTIMISTIC_WRITES} failures it
 * locks first and searches under the lock. An insert whose d buckets are full leaves the lock,
 * searches a cuckoo path ({@link CuckooPath}) without locks, locks the stripe (which holds the
 * whole path), and moves the keys only if the key is still absent and every step still holds. No
 * path: the key goes to the overflow area while the segment is sparse, else the segment grows and
 * the insert starts again.
 *
 * <p>Guarantees: each write is atomic and linearizes while it holds the stripe; a move copies a key
 * into its free slot before it clears the old one, inside the stripe of both, so no reader misses
 * it and no entry is lost or duplicated. A write of a key reserved by another compute call ({@link
 * Reservation}) waits for that call, holding no lock.
 *
 * <p>Cost: one compare-and-set of a stripe per write that changes something; a write that changes
 * nothing ({@code remove} of an absent key, {@code putIfAbsent} of a present one) answers from a
 * validated read and stores nothing. A cuckoo path search visits at most {@value
 * #PATH_SEARCH_LIMIT} buckets, with a per-thread scratch reused across inserts.
 */
final class ConcurrentCuckooWrites {
  /** The expected value of {@link #write} that any current value (or none) matches. */
  static final Object ANY = new Object();

  /** Optimistic attempts of a write before it locks first and searches under the lock. */
  static final int OPTIMISTIC_WRITES = 8;

  /** The most buckets a cuckoo path search visits before it gives up. */
  private static final int PATH_SEARCH_LIMIT = 512;

  /**
   * Each thread's cuckoo path scratch, reused: its visited bits grow once to the largest table the
   * thread has searched, instead of on every insert that finds its buckets full.
   */
  private static final ThreadLocal<CuckooPath> PATHS = ThreadLocal.withInitial(CuckooPath::new);

  private static final VarHandle OVERFLOW_INSERTIONS;

  static {
    try {
      OVERFLOW_INSERTIONS =
          MethodHandles.lookup()
              .findVarHandle(ConcurrentCuckooWrites.class, "overflowInsertions", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** The segments written. */
  private final ConcurrentDirectory directory;

  /** The eviction paths and growths behind {@link #cuckooStats()}. */
  private final InsertCounts insertCounts = new InsertCounts();

  private volatile long overflowInsertions;

  ConcurrentCuckooWrites(ConcurrentDirectory directory) {
    this.directory = directory;
  }

  /** The value a search under the stripe found at {@code where}: a slot, the overflow or none. */
  static Object valueAt(ConcurrentCuckooTable t, int where, Object key) {
    return where >= 0
        ? t.valueAt(where)
        : where == ConcurrentCuckooTable.IN_OVERFLOW ? t.overflowGet(key) : null;
  }

  /**
   * The one write: atomically, if the value of {@code key} is {@code expected} (by identity; null
   * means absent, {@link #ANY} any value or none), sets it to {@code update} (null: remove).
   *
   * @return the value before (null if the key was absent); the write happened iff {@code expected}
   *     is {@link #ANY} or the same object
   */
  Object write(Object key, long hash, Object expected, Object update) {
    return write(key, hash, expected, update, null);
  }

  /**
   * {@link #write(Object, long, Object, Object)}, waiting while another call has reserved the key.
   * With {@code own}, the caller's reservation of the key, the write ends it in the same step (or
   * stores nothing if {@code clear} cancelled it).
   */
  Object write(Object key, long hash, Object expected, Object update, Reservation own) {
    Reservation other = null; // another call's reservation of the key, awaited unlocked
    for (int attempt = 0; ; attempt++) {
      if (other != null) {
        other.await();
        other = null;
      }
      ConcurrentCuckooTable t = directory.segmentOf(hash);
      int stripe = t.stripeOf(hash);
      long mask = ConcurrentCuckooTable.maskOf(stripe);
      int where;
      boolean locked;
      if (attempt < OPTIMISTIC_WRITES) {
        long stamp = t.stamp(mask);
        where = stamp < 0 ? ConcurrentCuckooTable.STALE : t.search(hash, key, mask, stamp);
        if (own == null) { // answers that change nothing; a reserving caller must end its own
          if (where == ConcurrentCuckooTable.ABSENT
              && (update == null || (expected != null && expected != ANY))) {
            return null; // validated: absent, and this write would change only a present key
          }
          if (where >= 0 && expected == null) {
            Object current = t.valueAt(where);
            if (t.validate(mask, stamp)) {
              return current; // putIfAbsent of a present key: a validated read decides
            }
            where = ConcurrentCuckooTable.STALE;
          }
        }
        locked = where != ConcurrentCuckooTable.STALE && t.tryLock(stripe, stamp);
      } else {
        locked = t.lock(stripe);
        where = ConcurrentCuckooTable.STALE; // searched below, under the lock
      }
      if (!locked) {
        ConcurrentCuckooTable.pause(attempt);
        continue;
      }
      int bucket = -1;
      boolean changed = false;
      Reservation ending = own; // kept by an insert that goes on along a cuckoo path
      try { // from here on the key's equals may throw: the stripe is released whatever happens
        if (where == ConcurrentCuckooTable.STALE) {
          where = t.search(hash, key, mask, -1);
        }
        other = otherReservation(t, stripe, hash, key, own);
        if (other != null) {
          ending = null;
          continue;
        }
        if (own != null && own.cancelled()) {
          return null;
        }
        Object current = valueAt(t, where, key);
        if (expected != ANY && current != expected) {
          return current;
        }
        if (current != null) {
          changed = true;
          if (update == null) {
            if (where >= 0) {
              t.clearSlot(where);
            } else {
              t.overflowRemove(key);
            }
          } else if (where >= 0) {
            t.setValueAt(where, update);
          } else {
            t.overflowSet(key, update);
          }
          return current;
        }
        if (update == null) {
          return null;
        }
        bucket = t.leastLoadedBucket(hash);
        if (bucket >= 0) {
          t.storeNew(bucket, hash, key, update);
          changed = true;
        } else {
          ending = null;
        }
      } finally {
        t.unlock(stripe, changed, ending);
      }
      if (bucket >= 0) {
        growIfFull(t, bucket);
        return null;
      }
      if (insertAlongPath(t, hash, key, update, PATHS.get(), own)) {
        return null;
      }
    }
  }

  /**
   * Returns the reservation of {@code key} in {@code stripe} (held by the caller) if another call
   * holds it, else null.
   */
  private static Reservation otherReservation(
      ConcurrentCuckooTable t, int stripe, long hash, Object key, Reservation own) {
    Reservation r = t.reservationOf(stripe, hash, key);
    return r == own ? null : r;
  }

  /**
   * Returns whether {@code key} is still absent from {@code t} and reserved by no call but {@code
   * own}: the check, under the key's {@code stripe}, that an insert prepared without locks may go
   * on.
   */
  private static boolean stillAbsent(
      ConcurrentCuckooTable t, int stripe, long hash, Object key, Reservation own) {
    return otherReservation(t, stripe, hash, key, own) == null
        && t.search(hash, key, ConcurrentCuckooTable.maskOf(stripe), -1)
            == ConcurrentCuckooTable.ABSENT;
  }

  /**
   * Inserts an absent key whose buckets were all full: along a cuckoo path found without locks and
   * checked under them, or into the overflow area, or after a growth. With {@code own}, the insert
   * ends the caller's reservation. It need not check whether {@code clear} cancelled {@code own}
   * since {@link #write} checked: a clear cancels reservations only in segments it has frozen and
   * retires, so the stripe's lock fails after it.
   *
   * @return true if the key was inserted; false if the caller must start again
   */
  private boolean insertAlongPath(
      ConcurrentCuckooTable t,
      long hash,
      Object key,
      Object value,
      CuckooPath path,
      Reservation own) {
    int end = path.search(t, hash, PATH_SEARCH_LIMIT);
    try {
      if (end < 0) {
        return insertWithoutPath(t, hash, key, value, own);
      }
      int stripe = t.stripeOf(hash); // the path's buckets lie in it too
      if (!t.lock(stripe)) {
        return false;
      }
      int bucket;
      int moves = 0;
      boolean changed = false;
      Reservation ending = null;
      try {
        if (!stillAbsent(t, stripe, hash, key, own)) {
          return false;
        }
        bucket = t.leastLoadedBucket(hash);
        if (bucket < 0) {
          if (!path.holds(t, end)) {
            return false;
          }
          moves = path.moves(end);
          bucket = path.apply(t, end);
        }
        if (moves == 0) {
          t.storeNew(bucket, hash, key, value);
        } else {
          t.store(bucket, BucketTable.tagOf(hash), key, value);
        }
        changed = true;
        ending = own;
      } finally {
        t.unlock(stripe, changed, ending);
      }
      if (moves > 0) {
        insertCounts.countPath(moves);
      }
      growIfFull(t, bucket);
      return true;
    } finally {
      path.forgetKeys();
    }
  }

  /**
   * Inserts a key for which no cuckoo path was found: into the overflow area while its segment is
   * less than half as full as its load factor (the keys are to blame, not the load), else grows the
   * segment.
   */
  private boolean insertWithoutPath(
      ConcurrentCuckooTable t, long hash, Object key, Object value, Reservation own) {
    if (directory.isCrowded(t)) {
      if (directory.grow(t, false)) {
        insertCounts.countRehash(false);
      }
      return false;
    }
    int stripe = t.stripeOf(hash);
    if (!t.lock(stripe)) {
      return false;
    }
    int bucket;
    boolean changed = false;
    Reservation ending = null;
    try {
      if (!stillAbsent(t, stripe, hash, key, own)) {
        return false;
      }
      bucket = t.leastLoadedBucket(hash);
      if (bucket >= 0) {
        t.storeNew(bucket, hash, key, value);
      } else {
        t.overflowAdd(key, value);
        OVERFLOW_INSERTIONS.getAndAdd(this, 1L);
      }
      changed = true;
      ending = own;
    } finally {
      t.unlock(stripe, changed, ending);
    }
    if (bucket >= 0) {
      growIfFull(t, bucket);
    }
    return true;
  }

  /** Grows {@code t} if an insert into {@code bucket} brought it to its load factor. */
  private void growIfFull(ConcurrentCuckooTable t, int bucket) {
    if (directory.growIfFull(t, bucket)) {
      insertCounts.countRehash(true);
    }
  }

  /**
   * Returns what the inserts have cost since this object was created: eviction-path lengths,
   * growths and their causes, and overflow use. Each figure is exact when no write is in flight.
   */
  CuckooStats cuckooStats() {
    long[] paths = insertCounts.paths();
    long[] overflowSize = new long[1];
    directory.forEach(
        t -> {
          paths[0] += t.quietInserts();
          overflowSize[0] += t.overflowSize();
        });
    int length = paths.length;
    while (length > 1 && paths[length - 1] == 0) {
      length--;
    }
    return new CuckooStats(
        Arrays.copyOf(paths, length),
        insertCounts.rehashesForLoad(),
        insertCounts.rehashesForFailedInsert(),
        overflowInsertions,
        overflowSize[0]);
  }
}
