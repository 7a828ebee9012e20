/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;
import java.util.Arrays;

/**
 * The exact insert of cuckoo hashing on a {@link BucketTable}: a new key goes to its least loaded
 * bucket with a free slot (the earliest choice on ties), and when all its buckets are full,
 * resident keys move to other buckets of their own along the shortest <em>augmenting path</em> to a
 * free slot. The keys in the table are a valid assignment, so the new key fits iff such a path
 * exists; a breadth-first search over buckets finds the shortest one or proves that there is none,
 * visiting each bucket at most once. There is no "give up after so many evictions" limit.
 *
 * <p>The search only reads the table. Each queued bucket remembers its parent and the slot of the
 * parent whose key can move into it, so the keys move only once a path is found, last move first:
 * every move goes into a slot just vacated, so no key is ever lost or duplicated, and a failed
 * insert leaves the table exactly as it was. The table stores no hashes, so the search hashes each
 * resident key it examines ({@code hashCode()} on a key that is usually not in cache); it stops at
 * the first bucket with room, which at the maps' loads is usually one of the first keys' other
 * buckets.
 *
 * <p>Cost: O(visited buckets × b × d) time; scratch memory of one bit per bucket plus a queue that
 * grows to the largest search so far.
 */
final class BucketSearch {
  private final ChoiceHasher hasher;
  private final HashStrategy<Object> strategy;
  private long[] visited = new long[0];
  private int[] queueBucket = new int[16];
  private int[] queueParent = new int[16];
  private int[] queueFromSlot = new int[16];
  private int length;

  /** Creates a search that hashes resident keys with {@code hasher} and {@code strategy}. */
  BucketSearch(ChoiceHasher hasher, HashStrategy<Object> strategy) {
    this.hasher = hasher;
    this.strategy = strategy;
  }

  /**
   * Inserts an absent key with hash {@code hash}: into its least loaded bucket, else along the
   * shortest augmenting path.
   *
   * @return the number of keys moved (0 for a free slot in the key's own buckets), or -1 if the key
   *     cannot be placed; the table is then unchanged
   */
  int insert(BucketTable table, long hash, Object key, Object value) {
    int tag = BucketTable.tagOf(hash);
    int bucket = table.leastLoadedBucket(hash);
    if (bucket >= 0) {
      table.store(bucket, tag, key, value);
      return 0;
    }
    int end = findPathToFreeSlot(table, hash);
    if (end < 0) {
      return -1;
    }
    int moves = 0;
    int to = queueBucket[end];
    for (int q = end; queueParent[q] >= 0; q = queueParent[q]) {
      table.move(queueFromSlot[q], to);
      to = queueBucket[queueParent[q]];
      moves++;
    }
    table.store(to, tag, key, value);
    return moves;
  }

  /**
   * Searches, from the buckets of {@code hash} (all full), for a bucket with a free slot reachable
   * by moving keys.
   *
   * @return the queue position of that bucket, or -1 if there is none
   */
  private int findPathToFreeSlot(BucketTable table, long hash) {
    if (visited.length * 64 < table.buckets()) {
      visited = new long[(table.buckets() + 63) >>> 6];
    }
    length = 0;
    try {
      for (int i = 0; i < table.choices(); i++) {
        int bucket = table.bucketOf(hash, i);
        if (markVisited(bucket)) {
          enqueue(bucket, -1, -1);
        }
      }
      int b = table.slotsPerBucket();
      for (int head = 0; head < length; head++) {
        int bucket = queueBucket[head];
        for (int slot = bucket * b; slot < (bucket + 1) * b; slot++) {
          long residentHash = KeyEquality.hash(hasher, strategy, table.keyAt(slot));
          for (int i = 0; i < table.choices(); i++) {
            int next = table.bucketOf(residentHash, i);
            if (next != bucket && markVisited(next)) {
              enqueue(next, head, slot);
              if (table.hasRoom(next)) {
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

  /** Returns the bits of scratch memory that mark visited buckets. */
  long visitedBits() {
    return 64L * visited.length;
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
