/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.util.Arrays;

/**
 * The breadth-first search behind {@link CuckooTable}'s exact insert: from the new key's buckets,
 * follow each resident key to its other buckets until a bucket with a free slot turns up, or until
 * every reachable bucket has been seen (then no placement exists).
 *
 * <p>The search only reads the table. Each queued bucket remembers its parent and the slot of the
 * parent whose key can move into it, so {@link #shiftAlongPath} can then move the keys from the
 * free slot back to a start bucket, last move first: every move goes into a slot just vacated, so
 * no key is ever lost or duplicated.
 *
 * <p>Cost: O(visited buckets × b × d) time; scratch memory of one bit per bucket plus a queue that
 * grows to the largest search so far.
 */
final class BucketSearch {
  private final long[] visited;
  private int[] queueBucket = new int[16];
  private int[] queueParent = new int[16];
  private int[] queueFromSlot = new int[16];
  private int length;
  private int freedSlot = -1;

  BucketSearch(int buckets) {
    visited = new long[(buckets + 63) >>> 6];
  }

  /**
   * Searches for a bucket with a free slot reachable from the buckets of {@code tag}, all of which
   * are full.
   *
   * @return the queue position of that bucket, or -1 if there is none
   */
  int findFreeSlot(CuckooTable table, int tag) {
    length = 0;
    try {
      for (int i = 0; i < table.choices(); i++) {
        int bucket = table.bucketOf(tag, i);
        if (markVisited(bucket)) {
          enqueue(bucket, -1, -1);
        }
      }
      int b = table.slotsPerBucket();
      for (int head = 0; head < length; head++) {
        int bucket = queueBucket[head];
        for (int slot = bucket * b; slot < (bucket + 1) * b; slot++) {
          int residentTag = table.tagAt(slot);
          for (int j = 0; j < table.choices(); j++) {
            int next = table.bucketOf(residentTag, j);
            if (next != bucket && markVisited(next)) {
              enqueue(next, head, slot);
              if (table.freeSlotIn(next) >= 0) {
                return length - 1;
              }
            }
          }
        }
      }
      return -1;
    } finally {
      for (int q = 0; q < length; q++) {
        visited[queueBucket[q] >>> 6] &= ~(1L << queueBucket[q]);
      }
    }
  }

  /**
   * Moves the keys along the path ending at queue position {@code end}: each into the slot freed
   * ahead of it. Afterwards {@link #freedSlot()} is a free slot in one of the new key's buckets.
   *
   * @return the number of keys moved
   */
  int shiftAlongPath(CuckooTable table, int end) {
    int to = table.freeSlotIn(queueBucket[end]);
    int moves = 0;
    for (int q = end; queueParent[q] >= 0; q = queueParent[q]) {
      int from = queueFromSlot[q];
      table.move(from, to);
      to = from;
      moves++;
    }
    freedSlot = to;
    return moves;
  }

  int freedSlot() {
    return freedSlot;
  }

  /** Marks {@code bucket} as seen; returns false if it already was. */
  private boolean markVisited(int bucket) {
    long bit = 1L << bucket;
    long word = visited[bucket >>> 6];
    if ((word & bit) != 0) {
      return false;
    }
    visited[bucket >>> 6] = word | bit;
    return true;
  }

  private void enqueue(int bucket, int parent, int fromSlot) {
    if (length == queueBucket.length) {
      queueBucket = Arrays.copyOf(queueBucket, 2 * length);
      queueParent = Arrays.copyOf(queueParent, 2 * length);
      queueFromSlot = Arrays.copyOf(queueFromSlot, 2 * length);
    }
    queueBucket[length] = bucket;
    queueParent[length] = parent;
    queueFromSlot[length] = fromSlot;
    length++;
  }
}
