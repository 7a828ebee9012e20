/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.util.Arrays;
import java.util.BitSet;

/**
 * The cuckoo path of {@link ConcurrentCuckooHashMap}: a breadth-first search, over a {@link
 * ConcurrentCuckooTable} that other threads may be changing, for the shortest chain of keys that
 * can each move to another of their buckets, ending in a bucket with a free slot (libcuckoo's
 * search: Li, Andersen, Kaminsky, Freedman, EuroSys 2014).
 *
 * <p>The search takes no lock. It reads each bucket's keys in one validated optimistic read and
 * remembers, for every step of the path, the slot and the very key object it saw there. Every
 * bucket of the path lies in the stripe of the key being inserted (a key's buckets share one
 * stripe, see {@link ConcurrentCuckooTable}), so the caller then locks that one stripe, checks
 * under it that every step still holds ({@link #holds}) and moves the keys from the free end
 * backwards ({@link #apply}), each move a copy into the free slot followed by clearing the old one,
 * so no key is ever lost or duplicated. A path that no longer holds is searched again.
 *
 * <p>Used by one thread at a time. Cost: O(visited buckets × b × d) time, one {@code hashCode()}
 * per key examined; scratch memory of one bit per bucket plus a queue that grows to the largest
 * search so far.
 */
final class CuckooPath {
  /** A search's answer: no path exists from the key's buckets (the component has no free slot). */
  static final int NONE = -1;

  /** A search's answer: it reached its bound, or writers kept changing a bucket it read. */
  static final int GAVE_UP = -2;

  private final BitSet visited = new BitSet();
  private int[] queueBucket = new int[16];
  private int[] queueParent = new int[16];
  private int[] queueFromSlot = new int[16];
  private Object[] queueFromKey = new Object[16];
  private Object[] bucketKeys = new Object[BucketTable.MAX_SLOTS_PER_BUCKET];
  private int length;

  /**
   * Searches for a path from the buckets of a key with hash {@code hash} to a free slot, visiting
   * at most {@code maxBuckets} buckets.
   *
   * @return the queue position of the path's free end (a root if one of the key's own buckets has
   *     room), {@link #NONE}, or {@link #GAVE_UP}
   */
  int search(ConcurrentCuckooTable table, long hash, int maxBuckets) {
    length = 0;
    try {
      int d = table.choices();
      for (int i = 0; i < d; i++) {
        int bucket = table.bucketOf(hash, i);
        if (markVisited(bucket)) {
          enqueue(bucket, -1, -1, null);
          if (table.hasRoom(bucket)) {
            return length - 1;
          }
        }
      }
      int b = table.slotsPerBucket();
      for (int head = 0; head < length; head++) {
        int bucket = queueBucket[head];
        if (!table.readKeys(bucket, bucketKeys)) {
          return GAVE_UP;
        }
        for (int j = 0; j < b; j++) {
          Object key = bucketKeys[j];
          if (key == null) {
            return head; // a slot freed since the bucket was queued: no move needed to reach it
          }
          long residentHash = table.hashOf(key);
          for (int i = 0; i < d; i++) {
            int next = table.bucketOf(residentHash, i);
            if (next != bucket && markVisited(next)) {
              enqueue(next, head, table.firstSlotOf(bucket) + j, key);
              if (table.hasRoom(next)) {
                return length - 1;
              }
              if (length >= maxBuckets) {
                return GAVE_UP;
              }
            }
          }
        }
      }
      return NONE;
    } finally {
      for (int q = 0; q < length; q++) {
        visited.clear(queueBucket[q]);
      }
      Arrays.fill(bucketKeys, null);
    }
  }

  /**
   * Returns whether the path ending at {@code end} still holds: each step's slot still holds the
   * key seen there, and the end has a free slot. The caller holds the key's stripe.
   */
  boolean holds(ConcurrentCuckooTable table, int end) {
    for (int q = end; queueParent[q] >= 0; q = queueParent[q]) {
      int slot = queueFromSlot[q];
      if (!table.isOccupied(slot) || table.keyAt(slot) != queueFromKey[q]) {
        return false;
      }
    }
    return table.hasRoom(queueBucket[end]);
  }

  /**
   * Moves the keys of the path ending at {@code end}, last move first, each into the slot just
   * freed. The caller holds the key's stripe (or is alone with the table) and checked {@link
   * #holds}.
   *
   * @return the path's root: one of the key's buckets, now with a free slot
   */
  int apply(ConcurrentCuckooTable table, int end) {
    int to = queueBucket[end];
    for (int q = end; queueParent[q] >= 0; q = queueParent[q]) {
      table.move(queueFromSlot[q], to);
      to = queueBucket[queueParent[q]];
    }
    return to;
  }

  /** Returns the number of keys the path ending at {@code end} moves. */
  int moves(int end) {
    int moves = 0;
    for (int q = end; queueParent[q] >= 0; q = queueParent[q]) {
      moves++;
    }
    return moves;
  }

  /** Forgets the keys seen, so that the scratch arrays keep no key reachable. */
  void forgetKeys() {
    Arrays.fill(queueFromKey, 0, length, null);
  }

  /** Marks {@code bucket} as seen; returns false if it already was. */
  private boolean markVisited(int bucket) {
    if (visited.get(bucket)) {
      return false;
    }
    visited.set(bucket);
    return true;
  }

  private void enqueue(int bucket, int parent, int fromSlot, Object fromKey) {
    if (length == queueBucket.length) {
      queueBucket = Arrays.copyOf(queueBucket, 2 * length);
      queueParent = Arrays.copyOf(queueParent, 2 * length);
      queueFromSlot = Arrays.copyOf(queueFromSlot, 2 * length);
      queueFromKey = Arrays.copyOf(queueFromKey, 2 * length);
    }
    queueBucket[length] = bucket;
    queueParent[length] = parent;
    queueFromSlot[length] = fromSlot;
    queueFromKey[length] = fromKey;
    length++;
  }
}
