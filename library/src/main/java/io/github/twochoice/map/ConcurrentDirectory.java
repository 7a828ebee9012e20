/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The segments of a {@link ConcurrentCuckooHashMap} and the directory that finds them: the map's
 * table cut into {@link ConcurrentCuckooTable}s that grow and split one at a time, so that a growth
 * freezes the writers of one segment, a few hundred keys, never the whole map.
 *
 * <p><b>The directory</b> (extendible hashing, as in {@link AbstractSegmentedMap}): entry j of
 * 2<sup>D</sup> names the segment of the keys whose hashes end in the bits of j; a segment of depth
 * ℓ ≤ D holds the keys whose hashes end in its ℓ-bit pattern, and 2<sup>D − ℓ</sup> entries name
 * it. A lookup reads the directory's array (a volatile field) and its entry (an acquire load)
 * without locking. A segment is never changed in place by a growth: it is frozen (its writers wait,
 * its readers carry on), copied into one larger segment or split into two by one more bit of the
 * hash, the new segments are entered in the directory (in place, or in a doubled copy published
 * whole), and the old one is {@link ConcurrentCuckooTable#retire retired}. A writer that waited on
 * it finds it retired and starts again from the directory, where the new segments already are. A
 * reader that reached the old segment reads its frozen state, which was the map's state for those
 * keys when the new segments were published, a moment inside the reader's call.
 *
 * <p><b>Whole-map reads</b> ({@code size}, snapshots) visit every segment once, optimistically:
 * they sum the segments' stamps before and after the visit, and count the growths {@link #started}
 * and {@link #finished}. Equal sums, no growth under way when the visit began and none started
 * since mean that no write and no growth overlapped the visit, which then saw one moment of the
 * map; else the caller tries again or visits with every segment frozen ({@link #whileFrozen}).
 *
 * <p><b>Locking.</b> Growths of different segments run at once: each holds the read lock of a
 * read-write lock, and freezing its segment makes it the segment's only grower (a second grower of
 * the same segment waits for the first and then finds the segment retired). The entries that two
 * growths rewrite are disjoint. The write lock is taken by a growth that doubles the directory
 * (about log<sub>2</sub> of the segments times in a map's life), by {@code clear} and by the
 * freezes of every segment. No thread takes either lock while holding a stripe of a segment, and a
 * thread that holds one waits only for writers to leave the stripes it freezes, so there is no
 * deadlock.
 *
 * <p>Cost: a lookup reads one directory entry before its segment, one dependent load more than a
 * single table; a growth copies one segment's keys, calling {@code hashCode()} once for each; a
 * directory doubling (rare) copies one reference per entry. Memory beyond the segments: a reference
 * per directory entry.
 */
final class ConcurrentDirectory {
  /**
   * The deepest segment: its pattern takes the low 20 bits of the hash, below the bits that name
   * stripes ({@link ConcurrentCuckooTable#STRIPE_SHIFT}). Segments this deep grow instead of
   * splitting.
   */
  static final int MAX_DEPTH = 20;

  private static final VarHandle SEGMENTS =
      MethodHandles.arrayElementVarHandle(ConcurrentCuckooTable[].class);

  private static final VarHandle STARTED;
  private static final VarHandle FINISHED;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      STARTED = lookup.findVarHandle(ConcurrentDirectory.class, "started", long.class);
      FINISHED = lookup.findVarHandle(ConcurrentDirectory.class, "finished", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final double loadFactor;
  private final int lockStripes;

  /** A segment that would grow past room for this many keys splits in two instead. */
  private final int splitKeys;

  /** Entry j names the segment of the keys whose hashes end in the bits of j. */
  private volatile ConcurrentCuckooTable[] entries;

  /** The growths that began to change the directory: counted before they change it. */
  @SuppressWarnings("unused") // accessed through STARTED
  private volatile long started;

  /** The growths that have finished changing it. */
  @SuppressWarnings("unused") // accessed through FINISHED
  private volatile long finished;

  /**
   * Growths of different segments hold the read lock together; a growth that doubles the directory,
   * {@code clear} and the freezes of every segment hold the write lock.
   */
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();

  /**
   * Creates the segments of an empty map that holds {@code expectedSize} keys without growing: the
   * buckets of one table of that size, shared out among a power of two of segments with room for at
   * most {@code splitKeys} keys each ({@link AbstractSegmentedMap#SPLIT_KEYS} unless a test needs
   * splits among a few keys).
   */
  ConcurrentDirectory(
      int choices,
      int slotsPerBucket,
      double loadFactor,
      int lockStripes,
      int splitKeys,
      ChoiceHasher hasher,
      HashStrategy<Object> strategy,
      long expectedSize) {
    this.loadFactor = loadFactor;
    this.lockStripes = lockStripes;
    this.splitKeys = splitKeys;
    int wholeTable = BucketTable.bucketsPerRangeFor(expectedSize, loadFactor, slotsPerBucket, 1);
    int depth = 0;
    while (roomFor((long) (wholeTable >> depth) * slotsPerBucket) > splitKeys
        && depth < MAX_DEPTH) {
      depth++;
    }
    int count = 1 << depth;
    ConcurrentCuckooTable[] segments = new ConcurrentCuckooTable[count];
    for (int i = 0; i < count; i++) {
      int buckets = Math.max(1, wholeTable / count + (i < wholeTable % count ? 1 : 0));
      segments[i] =
          new ConcurrentCuckooTable(
              choices,
              slotsPerBucket,
              buckets,
              lockStripes,
              depth,
              i,
              expectedSize > 0,
              hasher,
              strategy);
    }
    entries = segments;
  }

  /** The keys that {@code slots} slots hold at the load factor. */
  private double roomFor(long slots) {
    return slots * loadFactor;
  }

  /** Returns the segment of the keys with hash {@code hash}. */
  ConcurrentCuckooTable segmentOf(long hash) {
    ConcurrentCuckooTable[] d = entries;
    return (ConcurrentCuckooTable) SEGMENTS.getAcquire(d, (int) hash & (d.length - 1));
  }

  // ---- Whole-map reads ----

  /**
   * Calls {@code visitor} on every segment once, without locking; returns whether the visit saw one
   * moment of the map (no write and no growth overlapped it). If not, the caller discards what the
   * visitor collected.
   */
  boolean visitOptimistically(Consumer<ConcurrentCuckooTable> visitor) {
    long finishedBefore = (long) FINISHED.getVolatile(this);
    long before = (long) STARTED.getVolatile(this);
    if (before != finishedBefore) {
      return false;
    }
    ConcurrentCuckooTable[] d = entries;
    long stamp = 0;
    for (int j = 0; j < d.length; j++) {
      ConcurrentCuckooTable segment = entryAt(d, j);
      if (segment.pattern == j) {
        long segmentStamp = segment.stamp(segment.allStripes());
        if (segmentStamp < 0) {
          return false;
        }
        stamp += segmentStamp;
        visitor.accept(segment);
      }
    }
    for (int j = 0; j < d.length; j++) {
      ConcurrentCuckooTable segment = entryAt(d, j);
      if (segment.pattern == j) {
        stamp -= segment.stampNow(segment.allStripes());
      }
    }
    return stamp == 0 && (long) STARTED.getVolatile(this) == before;
  }

  private static ConcurrentCuckooTable entryAt(ConcurrentCuckooTable[] d, int j) {
    return (ConcurrentCuckooTable) SEGMENTS.getAcquire(d, j);
  }

  /** Returns every segment once, in the order of their patterns' first directory entries. */
  private ConcurrentCuckooTable[] segments() {
    ConcurrentCuckooTable[] d = entries;
    int count = 0;
    ConcurrentCuckooTable[] out = new ConcurrentCuckooTable[d.length];
    for (int j = 0; j < d.length; j++) {
      if (d[j].pattern == j) {
        out[count++] = d[j];
      }
    }
    return Arrays.copyOf(out, count);
  }

  /** Calls {@code visitor} on every segment once, without locking and without validating. */
  void forEach(Consumer<ConcurrentCuckooTable> visitor) {
    for (ConcurrentCuckooTable segment : segments()) {
      visitor.accept(segment);
    }
  }

  /**
   * Runs {@code action} on every segment, frozen: no write changes the map meanwhile (writers wait,
   * readers do not), and no growth.
   */
  <R> R whileFrozen(Function<ConcurrentCuckooTable[], R> action) {
    Lock exclusive = lock.writeLock();
    exclusive.lock();
    try {
      ConcurrentCuckooTable[] all = segments();
      freezeAll(all);
      try {
        return action.apply(all);
      } finally {
        for (ConcurrentCuckooTable segment : all) {
          segment.thaw();
        }
      }
    } finally {
      exclusive.unlock();
    }
  }

  // ---- Growth, one segment at a time ----

  /**
   * Returns the keys at which {@code segment} grows for its load: its slots times the load factor,
   * and for a segment of a presized map {@link #PRESIZED_SPREAD} standard deviations of its share
   * more, counting its keys in the overflow area.
   */
  private double growthKeys(ConcurrentCuckooTable segment) {
    double room = roomFor(segment.slots());
    return segment.presized ? room + PRESIZED_SPREAD * Math.sqrt(room) : room;
  }

  /**
   * The standard deviations of its share by which a segment made for an expected size may exceed
   * its room before it grows. The share of one of 2<sup>D</sup> segments of n keys is binomial,
   * with standard deviation below the square root of its mean; at 10<sup>4</sup> keys in 32
   * segments of room for 312 keys, the fullest holds about 2 deviations (35 keys) more than its
   * slots at the load factor, which a presized single table absorbs but a segment cannot. Up to 5
   * deviations over (the chance of more is 3·10<sup>-7</sup> per segment), the keys its cuckoo
   * paths cannot place go to its overflow area instead, so that a map holds its expected size
   * without growing.
   */
  static final double PRESIZED_SPREAD = 5;

  /** Returns whether {@code segment}'s keys reach {@link #growthKeys}. */
  private boolean isFull(ConcurrentCuckooTable segment) {
    long keys = segment.keysInBuckets() + (segment.presized ? segment.overflowSize() : 0);
    return keys >= growthKeys(segment);
  }

  /**
   * Grows {@code segment} if an insert into {@code bucket} brought it to the load factor; returns
   * whether it did.
   */
  boolean growIfFull(ConcurrentCuckooTable segment, int bucket) {
    return segment.stripeReaches(bucket, roomFor(segment.slots()))
        && isFull(segment)
        && grow(segment, true);
  }

  /**
   * Returns whether a key that no cuckoo path could place in {@code segment} should grow it: when
   * it is at least half as full as the load factor (a presized segment: when it is full). Below,
   * the keys are to blame, not the load (keys with equal hash codes share all their buckets under
   * every seed), and the key goes to the overflow area.
   */
  boolean isCrowded(ConcurrentCuckooTable segment) {
    return segment.presized
        ? isFull(segment)
        : segment.keysInBuckets()
            >= AbstractBucketMap.GROW_ON_FAILURE_FRACTION * roomFor(segment.slots());
  }

  /**
   * Replaces {@code segment}, if it is still in use, by a larger one, or by two halves split by the
   * next bit of the hash when the larger one would have room for more than {@link #splitKeys} keys;
   * returns whether it did. With {@code forLoad}, only if the segment is still full. A failure (an
   * exception from {@code hashCode()}, out of memory) leaves the segment as it was.
   */
  boolean grow(ConcurrentCuckooTable segment, boolean forLoad) {
    long mapSlots = (long) segment.slots() << segment.depth;
    int grown = Growth.next(segment.buckets(), mapSlots, Growth.BY_HALF);
    int depth = segment.depth;
    boolean split =
        roomFor((long) grown * segment.slotsPerBucket()) > splitKeys && depth < MAX_DEPTH;
    // the directory only deepens, so a growth that need not double it now never will
    Lock held = split && doubles(depth) ? lock.writeLock() : lock.readLock();
    held.lock();
    try {
      if (!segment.freeze()) {
        return false; // another thread grew it
      }
      ConcurrentCuckooTable low;
      ConcurrentCuckooTable high;
      int bit;
      ConcurrentCuckooTable[] doubled;
      try {
        if (forLoad && !isFull(segment)) {
          segment.thaw();
          return false;
        }
        if (split) {
          bit = 1 << depth;
          low = segment.emptyLike((grown + 1) / 2, lockStripes, depth + 1, segment.pattern);
          high = segment.emptyLike((grown + 1) / 2, lockStripes, depth + 1, segment.pattern | bit);
        } else {
          bit = 0;
          low = segment.emptyLike(grown, lockStripes, depth, segment.pattern);
          high = low;
        }
        segment.copyInto(low, high, bit, new CuckooPath());
        doubled = split && doubles(depth) ? doubledCopy(entries) : null;
      } catch (Throwable e) {
        segment.thaw();
        throw e;
      }
      // nothing from here on allocates or calls a key's code, so nothing fails halfway.
      // The reservations move before the new segments are published: a write that finds a new
      // segment must see the compute calls that hold its keys
      segment.moveReservationsTo(low, high, bit);
      STARTED.getAndAdd(this, 1L);
      if (doubled != null) {
        enter(doubled, low);
        enter(doubled, high);
        entries = doubled;
      } else {
        enter(entries, low);
        enter(entries, high);
      }
      segment.retire();
      FINISHED.getAndAdd(this, 1L);
      return true;
    } finally {
      held.unlock();
    }
  }

  /** Returns a directory twice as long as {@code d}, each segment named by both halves. */
  private static ConcurrentCuckooTable[] doubledCopy(ConcurrentCuckooTable[] d) {
    ConcurrentCuckooTable[] doubled = Arrays.copyOf(d, 2 * d.length);
    System.arraycopy(d, 0, doubled, d.length, d.length);
    return doubled;
  }

  /** Returns whether splitting a segment of {@code depth} must double the directory. */
  private boolean doubles(int depth) {
    return depth == Integer.numberOfTrailingZeros(entries.length);
  }

  /** Makes {@code segment} the one named by every entry of {@code d} that matches its pattern. */
  private static void enter(ConcurrentCuckooTable[] d, ConcurrentCuckooTable segment) {
    for (int j = segment.pattern; j < d.length; j += 1 << segment.depth) {
      SEGMENTS.setRelease(d, j, segment);
    }
  }

  /**
   * Replaces every segment by an empty one of the same size, cancelling every reservation: {@code
   * clear}. The count of inserts that moved no key carries over.
   */
  void clear() {
    Lock exclusive = lock.writeLock();
    exclusive.lock();
    try {
      ConcurrentCuckooTable[] all = segments();
      ConcurrentCuckooTable[] cleared = new ConcurrentCuckooTable[entries.length];
      for (ConcurrentCuckooTable segment : all) { // no growth runs: the sizes stay as they are
        enter(
            cleared,
            segment.emptyLike(segment.buckets(), lockStripes, segment.depth, segment.pattern));
      }
      freezeAll(all);
      long quietInserts = 0;
      for (ConcurrentCuckooTable segment : all) {
        quietInserts += segment.quietInserts();
      }
      cleared[0].addQuietInserts(quietInserts);
      // cancelled before the new segments are published: a compute call whose result goes to a
      // new segment must find itself cancelled there
      for (ConcurrentCuckooTable segment : all) {
        segment.cancelReservations();
      }
      // published whole, over segments that no longer change: a visit that reads either array
      // sees one moment of the map, so clear need not count itself as a growth does
      entries = cleared;
      for (ConcurrentCuckooTable segment : all) {
        segment.retire();
      }
    } finally {
      exclusive.unlock();
    }
  }

  /**
   * Freezes every segment of {@code all}, which the caller's write lock keeps current: no growth
   * retires one meanwhile.
   */
  private static void freezeAll(ConcurrentCuckooTable[] all) {
    for (ConcurrentCuckooTable segment : all) {
      segment.freeze();
    }
  }
}
