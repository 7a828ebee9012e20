/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * A segment of {@link ConcurrentCuckooHashMap}: the bucket layout of {@link BucketTable} (d
 * choices, b ≤ 8 slots per bucket, a word of 7-bit tags per bucket, keys and values side by side)
 * made safe for concurrent use by <em>stripes</em>, each a version counter that doubles as a write
 * lock. It holds the keys whose hashes end in its {@link #depth}-bit {@link #pattern} ({@link
 * ConcurrentDirectory}), knows where such a key may live, finds it without locking, and changes
 * slots for callers that hold the right stripes; the map decides what to change.
 *
 * <p><b>Stripes.</b> Bucket u belongs to stripe {@code u mod S} (S a power of two, at most 64, so
 * that a set of stripes, such as all of them for a snapshot, is a {@code long} bit mask). A key's d
 * buckets all lie in one stripe: bits {@value #STRIPE_SHIFT} and up of its hash name the stripe s
 * (the low bits name the segment, the high half and the product of both halves its buckets), and
 * its choices pick d of the stripe's buckets {@code s, S + s, 2S + s, ...} as {@link BucketTable}
 * picks among all of its own. So the table is S cuckoo tables interleaved, and every key a cuckoo
 * path moves belongs to the stripe of the key being inserted: a lookup validates one stripe word
 * and a write, moves included, locks one stripe. The price is that the stripes' shares of the keys
 * vary (like balls in S bins), which {@link #MIN_BUCKETS_PER_STRIPE} bounds: a segment of 8-slot
 * buckets has one stripe, one of smaller buckets a few. A stripe is one word: bit 0 set while a
 * writer holds it ({@link #WRITING}), bit 1 set while the whole segment is frozen for a growth or a
 * snapshot ({@link #FROZEN}: writers wait, readers do not), and a counter above, which every write
 * that changed the stripe's buckets increments when it unlocks. Each stripe's record also counts
 * the keys in its buckets (so {@link ConcurrentCuckooHashMap#size} needs no shared counter), the
 * inserts that moved no key and the keys of the stripe that are {@link Reservation reserved} by a
 * compute call, whose list a write consults only when that count is not zero. Records are 128 bytes
 * apart, so two stripes never share a cache line (nor an adjacent-line prefetch pair).
 *
 * <p><b>Optimistic reads (seqlock).</b> A lookup of a key with stripe mask M reads the stripe words
 * of M with acquire loads and gives up for now if one is being written ({@link #stamp}); it then
 * reads tag words, keys and values with opaque loads, and before it trusts anything it read — in
 * particular before calling {@code equals} on a stored key — it issues an acquire fence and checks
 * that the words of M still sum to the stamp ({@link #validate}). Counters only grow and a stamp is
 * only taken while no stripe of M is locked, so an equal sum means that no stripe of M was locked
 * in between; the lookup then retries nothing and writes nothing.
 *
 * <p><b>Why a validated read is correct (Java memory model).</b> A writer takes a stripe with a
 * volatile compare-and-set followed by a store-store fence (which orders its later stores after the
 * lock bit, as {@link java.util.concurrent.locks.StampedLock}'s write lock does), stores slots with
 * opaque stores, and unlocks with a release store of the next counter value. (1) If the reader's
 * first acquire load of a stripe word reads the value stored by writer W's release, everything W
 * wrote happens-before the reader's subsequent loads, including the fields of the key and value
 * objects W stored: an object reached through a validated slot is safely published. (2) If a
 * reader's opaque load saw a store of a later writer W', then W' had set the lock bit before that
 * store, and the reader's acquire fence orders its validation loads after that load, so by
 * coherence the validation sees W''s lock bit or a later counter and fails. Hence a read that
 * validates saw only writes completed before its stamp, none after: it is the state at the stamp,
 * and it linearizes there. Opaque accesses also keep 64-bit tag words from tearing.
 *
 * <p><b>Freezing.</b> A growth or split of the segment, {@code clear}, a snapshot that could not be
 * taken optimistically and the statistics set {@link #FROZEN} on every stripe, one by one in
 * ascending order (waiting for writers to leave). Writers then wait; readers carry on, since
 * nothing changes. A growth builds the new segments from the frozen one, publishes them and {@link
 * #retire retires} the old one, which stays frozen for good: a writer waiting on it sees that and
 * starts again on the new segment.
 *
 * <p><b>Overflow.</b> Keys that no cuckoo path can place while the table is sparse (keys with equal
 * hash codes share all their buckets under every seed) live in a {@link ConcurrentHashMap} created
 * on first use, O(log n) per operation for {@code Comparable} keys. It is read and written under
 * the same stripes as the key's buckets, so the same validation covers it; a lookup consults it
 * only while it is non-empty.
 *
 * <p>Cost: a lookup reads its stripe word twice, d tag words and one key and value per tag match;
 * no allocation, no store. Memory: 9 bytes per slot (two compressed references and a tag byte),
 * plus 256 bytes per stripe (its record and its reservation head, each on lines of its own).
 */
final class ConcurrentCuckooTable implements BucketChoices {
  /** Bit 0 of a stripe word: a writer holds the stripe. */
  static final long WRITING = 1;

  /** Bit 1 of a stripe word: the table is frozen; writers wait, readers proceed. */
  static final long FROZEN = 2;

  /** What an unlock after a change adds to a stripe word: the counter's unit. */
  static final long UNIT = 4;

  /** The most stripes: a set of stripes is a {@code long} bit mask. */
  static final int MAX_STRIPES = 64;

  /**
   * The lowest bit of a hash that names a key's stripe: above every bit the directory may use
   * ({@link ConcurrentDirectory#MAX_DEPTH}), below the high half that picks buckets and tags.
   */
  static final int STRIPE_SHIFT = 26;

  /**
   * The fewest buckets a stripe gets. A stripe's share of n keys deviates from n/S by about
   * sqrt(n/S); with 128 buckets of 8 slots per stripe at the default load 0.9 that is 3.3 %, and
   * the fullest of 64 stripes (about 2.4 deviations up) is below 0.98, where 8-slot cuckoo buckets
   * still place every key (the threshold is above 0.99). With 32 or 8, seeded tables of 10^4 keys
   * had inserts fail early; with 128 they did not.
   */
  static final int MIN_BUCKETS_PER_STRIPE = 128;

  /** A probe's answer: the key is in no slot and not in the overflow area. */
  static final int ABSENT = -1;

  /** A probe's answer: the key is in the overflow area. */
  static final int IN_OVERFLOW = -2;

  /** A probe's answer: a writer intervened, the answer is unknown. */
  static final int STALE = -3;

  /** What {@link #getFromTwoBuckets} and {@link #getLocked} return when they cannot answer. */
  private static final Object UNDECIDED = new Object();

  /** Longs per stripe record: 128 bytes, two cache lines. */
  private static final int STRIDE = 16;

  /** References between two stripes' reservation heads: 128 bytes with compressed references. */
  private static final int REFERENCE_STRIDE = 32;

  /**
   * Offsets in a stripe record: the word, the keys in its buckets, the inserts that moved none, the
   * reserved keys.
   */
  private static final int KEYS = 1;

  private static final int QUIET_INSERTS = 2;

  private static final int RESERVED = 3;

  /** Failed validations after which a reader takes the stripes instead of spinning on them. */
  private static final int OPTIMISTIC_READS = 16;

  private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
  private static final VarHandle OBJECTS = MethodHandles.arrayElementVarHandle(Object[].class);
  private static final VarHandle OVERFLOW_SIZE;

  static {
    try {
      OVERFLOW_SIZE =
          MethodHandles.lookup()
              .findVarHandle(ConcurrentCuckooTable.class, "overflowSize", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final int choices;
  private final int slotsPerBucket;
  private final int slotShift;
  private final int buckets;

  /** Buckets per stripe: a key's d buckets are d of the {@code buckets / S} of its stripe. */
  private final int bucketsPerStripe;

  private final long usableSlots;
  private final long[] tags;

  /** Key and value of slot s at 2s and 2s + 1. */
  private final Object[] kv;

  /** One record of {@link #STRIDE} longs per stripe. */
  private final long[] stripes;

  /**
   * Each stripe's reserved keys, linked through {@link Reservation#next}, under the stripe: the
   * head of stripe s at {@code s * REFERENCE_STRIDE}, so that the compute calls of two stripes
   * never write one cache line.
   */
  private final Reservation[] reservations;

  private final int stripeMask;
  private final int stripeShift;
  private final ChoiceHasher hasher;
  private final HashStrategy<Object> strategy;

  /** The overflow area, created on first use; keys wrapped in the strategy if there is one. */
  private volatile ConcurrentHashMap<Object, Object> overflow;

  /** Entries in {@link #overflow}; changed under the stripes of each entry's buckets. */
  @SuppressWarnings("unused") // accessed through OVERFLOW_SIZE
  private volatile int overflowSize;

  /** Set once a growth has published the segments that replace this one. */
  private volatile boolean retired;

  /** The number of low hash bits that name this segment's keys. */
  final int depth;

  /** The low {@link #depth} bits of the hashes of this segment's keys. */
  final int pattern;

  /**
   * Whether the map was created with this segment for an expected size ({@link
   * ConcurrentDirectory}).
   */
  final boolean presized;

  /**
   * Creates an empty segment.
   *
   * @param choices d, from 2 to {@link MapBuilder#MAX_CHOICES}
   * @param slotsPerBucket b: 1, 2, 4 or 8
   * @param buckets the number of buckets, rounded up to a multiple of the stripes the table uses
   * @param stripeCount the most stripes, a power of two up to {@link #MAX_STRIPES}; a table of
   *     fewer than {@link #MIN_BUCKETS_PER_STRIPE} buckets per stripe gets fewer
   * @param depth the number of low hash bits that name the segment's keys
   * @param pattern those bits
   * @param presized whether the segment was made for its share of an expected size
   */
  ConcurrentCuckooTable(
      int choices,
      int slotsPerBucket,
      int buckets,
      int stripeCount,
      int depth,
      int pattern,
      boolean presized,
      ChoiceHasher hasher,
      HashStrategy<Object> strategy) {
    int stripeCountHere =
        Math.min(stripeCount, Integer.highestOneBit(Math.max(1, buckets / MIN_BUCKETS_PER_STRIPE)));
    this.bucketsPerStripe = (int) (((long) buckets + stripeCountHere - 1) / stripeCountHere);
    long bucketsHere = (long) bucketsPerStripe * stripeCountHere;
    long slots = bucketsHere * slotsPerBucket;
    if (buckets < 1 || !BucketTable.isValidSlotCount(slots)) {
      throw new IllegalStateException("a table of " + slots + " slots is too large");
    }
    this.choices = choices;
    this.slotsPerBucket = slotsPerBucket;
    this.slotShift = Integer.numberOfTrailingZeros(slotsPerBucket);
    this.buckets = (int) bucketsHere;
    this.usableSlots =
        TagWords.OCCUPIED >>> (8 * (BucketTable.MAX_SLOTS_PER_BUCKET - slotsPerBucket));
    this.tags = new long[this.buckets];
    this.kv = new Object[2 * (int) slots];
    this.stripes = new long[STRIDE * stripeCountHere];
    this.reservations = new Reservation[REFERENCE_STRIDE * stripeCountHere];
    this.stripeMask = stripeCountHere - 1;
    this.stripeShift = Integer.numberOfTrailingZeros(stripeCountHere);
    this.depth = depth;
    this.pattern = pattern;
    this.presized = presized;
    this.hasher = hasher;
    this.strategy = strategy;
  }

  /**
   * Returns an empty segment like this one with {@code buckets} buckets for the keys whose hashes
   * end in the {@code depth} bits of {@code pattern}.
   */
  ConcurrentCuckooTable emptyLike(int buckets, int stripeCount, int depth, int pattern) {
    return new ConcurrentCuckooTable(
        choices, slotsPerBucket, buckets, stripeCount, depth, pattern, false, hasher, strategy);
  }

  int buckets() {
    return buckets;
  }

  int slots() {
    return buckets << slotShift;
  }

  @Override
  public int choices() {
    return choices;
  }

  @Override
  public int slotsPerBucket() {
    return slotsPerBucket;
  }

  /** Returns the first slot of {@code bucket}. */
  int firstSlotOf(int bucket) {
    return bucket << slotShift;
  }

  int stripeCount() {
    return stripeMask + 1;
  }

  /** Returns the 64-bit hash of {@code key}. */
  long hashOf(Object key) {
    return KeyEquality.hash(hasher, strategy, key);
  }

  // ---- Where a key may live ----

  /**
   * Returns the bucket of choice {@code i} of a key with hash {@code hash}: bucket {@code j·S + s}
   * of the key's stripe s, j chosen among the stripe's buckets as {@link BucketTable} chooses among
   * all of its own.
   */
  @Override
  public int bucketOf(long hash, int i) {
    return ChoiceHasher.bucket(ChoiceHasher.choice(hash, i), bucketsPerStripe) << stripeShift
        | stripeOf(hash);
  }

  /**
   * Returns the stripe of a key with hash {@code hash}, which holds all its d buckets: bits from
   * {@value #STRIPE_SHIFT} up, which neither the segment, the tag nor the first choice uses.
   */
  int stripeOf(long hash) {
    return (int) (hash >>> STRIPE_SHIFT) & stripeMask;
  }

  /** Returns the choice (from 0) of a key with hash {@code hash} whose bucket is {@code bucket}. */
  int choiceOf(long hash, int bucket) {
    int i = 0;
    while (bucketOf(hash, i) != bucket) {
      i++;
    }
    return i;
  }

  /** Returns the bit of {@code bucket}'s stripe. */
  long stripeBit(int bucket) {
    return 1L << (bucket & stripeMask);
  }

  /** Returns the mask of stripe {@code stripe}, for {@link #stamp} and {@link #validate}. */
  static long maskOf(int stripe) {
    return 1L << stripe;
  }

  /** Returns every stripe. */
  long allStripes() {
    return -1L >>> (Long.SIZE - stripeCount());
  }

  // ---- Optimistic reads ----

  /**
   * Returns the sum of the words of the stripes in {@code mask} (acquire loads), or -1 if one of
   * them is held by a writer.
   */
  long stamp(long mask) {
    long sum = 0;
    for (long m = mask; m != 0; m &= m - 1) {
      long word = (long) LONGS.getAcquire(stripes, STRIDE * Long.numberOfTrailingZeros(m));
      if ((word & WRITING) != 0) {
        return -1;
      }
      sum += word & ~FROZEN;
    }
    return sum;
  }

  /** Returns whether no writer took a stripe of {@code mask} since {@code stamp} was taken. */
  boolean validate(long mask, long stamp) {
    return stampNow(mask) == stamp;
  }

  /**
   * Returns what {@link #validate} compares with a stamp: the sum of the words of the stripes in
   * {@code mask}, read after an acquire fence, so after every load that preceded the call. Each
   * word only grows from a stamp (held by a writer, it is one more), so the sum equals a stamp only
   * if every word does.
   */
  long stampNow(long mask) {
    VarHandle.acquireFence();
    long sum = 0;
    for (long m = mask; m != 0; m &= m - 1) {
      sum += (long) LONGS.getOpaque(stripes, STRIDE * Long.numberOfTrailingZeros(m)) & ~FROZEN;
    }
    return sum;
  }

  /**
   * Returns the value of {@code key} (hash {@code hash}) or null: without locking, retrying while
   * writers change its buckets; after {@link #OPTIMISTIC_READS} failures it takes the stripes.
   */
  Object get(long hash, Object key) {
    if (choices == 2) {
      Object value = getFromTwoBuckets(hash, key);
      if (value != UNDECIDED) {
        return value;
      }
    }
    int stripe = stripeOf(hash);
    long mask = maskOf(stripe);
    for (; ; ) {
      for (int attempt = 0; attempt < OPTIMISTIC_READS; attempt++) {
        long stamp = stamp(mask);
        if (stamp >= 0) {
          int where = search(hash, key, mask, stamp);
          if (where == ABSENT) {
            return null;
          }
          if (where != STALE) {
            Object value = where >= 0 ? valueAt(where) : overflowGet(key);
            if (validate(mask, stamp)) {
              return value;
            }
          }
        }
        pause(attempt);
      }
      Object value = getLocked(hash, key, stripe);
      if (value != UNDECIDED) {
        return value;
      }
    }
  }

  /**
   * The lookup of two choices, the default, in one optimistic attempt: the key's stripe word kept
   * in a local and compared as it is, each candidate's key and value read together and validated
   * before {@code equals}. Returns {@link #UNDECIDED} if a writer held or changed the stripe (a
   * freeze that began meanwhile changes it too), or if the overflow area is in use: the general
   * lookup, which retries, decides then. A single attempt keeps the compiled lookup small, which
   * helps the JIT inline it into its callers.
   */
  private Object getFromTwoBuckets(long hash, Object key) {
    int bucket0 = bucketOf(hash, 0);
    int bucket1 = bucketOf(hash, 1);
    int first0 = bucket0 << slotShift;
    int first1 = bucket1 << slotShift;
    int offset = STRIDE * stripeOf(hash);
    long word = (long) LONGS.getAcquire(stripes, offset);
    if ((word & WRITING) != 0) {
      return UNDECIDED;
    }
    long pattern = TagWords.repeated(BucketTable.tagOf(hash));
    long candidates =
        TagWords.matches(tagWord(bucket0), pattern)
            | TagWords.matches(tagWord(bucket1), pattern) >>> 1;
    for (; candidates != 0; candidates &= candidates - 1) {
      int slot = TagWords.candidateSlot(Long.numberOfTrailingZeros(candidates), first0, first1);
      Object stored = keyAt(slot);
      Object value = valueAt(slot);
      VarHandle.acquireFence();
      if ((long) LONGS.getOpaque(stripes, offset) != word) {
        return UNDECIDED;
      }
      if (KeyEquality.same(strategy, key, stored)) {
        return value;
      }
    }
    if ((int) OVERFLOW_SIZE.getOpaque(this) > 0) {
      return UNDECIDED;
    }
    VarHandle.acquireFence();
    return (long) LONGS.getOpaque(stripes, offset) == word ? null : UNDECIDED;
  }

  /**
   * The reader's last resort: takes the key's stripe, reads, and restores it unchanged. Returns
   * {@link #UNDECIDED}, without waiting, if the segment is frozen: nothing changes then, so the
   * optimistic reads succeed.
   */
  private Object getLocked(long hash, Object key, int stripe) {
    if (!take(stripe, true)) {
      return UNDECIDED;
    }
    try {
      int where = search(hash, key, maskOf(stripe), -1);
      return where >= 0 ? valueAt(where) : where == IN_OVERFLOW ? overflowGet(key) : null;
    } finally {
      unlock(stripe, false);
    }
  }

  /**
   * Finds {@code key} (hash {@code hash}): its slot, {@link #IN_OVERFLOW} or {@link #ABSENT}. With
   * a stamp of {@code mask} (not -1), every stored key is validated before {@code equals} sees it,
   * and the answer is {@link #STALE} if a writer intervened; with -1 the caller holds the stripes.
   */
  int search(long hash, Object key, long mask, long stamp) {
    long pattern = TagWords.repeated(BucketTable.tagOf(hash));
    int bucket0 = bucketOf(hash, 0);
    int bucket1 = bucketOf(hash, 1);
    long candidates =
        TagWords.matches(tagWord(bucket0), pattern)
            | TagWords.matches(tagWord(bucket1), pattern) >>> 1;
    for (; candidates != 0; candidates &= candidates - 1) {
      int slot =
          TagWords.candidateSlot(
              Long.numberOfTrailingZeros(candidates), bucket0 << slotShift, bucket1 << slotShift);
      Object stored = keyAt(slot);
      if (stamp >= 0 && !validate(mask, stamp)) {
        return STALE;
      }
      if (KeyEquality.same(strategy, key, stored)) {
        return slot;
      }
    }
    for (int i = 2; i < choices; i++) {
      int bucket = bucketOf(hash, i);
      for (long m = TagWords.matches(tagWord(bucket), pattern); m != 0; m &= m - 1) {
        int slot = (bucket << slotShift) + (Long.numberOfTrailingZeros(m) >>> 3);
        Object stored = keyAt(slot);
        if (stamp >= 0 && !validate(mask, stamp)) {
          return STALE;
        }
        if (KeyEquality.same(strategy, key, stored)) {
          return slot;
        }
      }
    }
    if ((int) OVERFLOW_SIZE.getOpaque(this) > 0) {
      boolean found = overflowGet(key) != null;
      if (stamp >= 0 && !validate(mask, stamp)) {
        return STALE;
      }
      if (found) {
        return IN_OVERFLOW;
      }
    }
    return stamp >= 0 && !validate(mask, stamp) ? STALE : ABSENT;
  }

  /**
   * Reads the keys of {@code bucket} into {@code out} (null for a free slot), validated; returns
   * false if writers kept changing the bucket.
   */
  boolean readKeys(int bucket, Object[] out) {
    long mask = stripeBit(bucket);
    for (int attempt = 0; attempt < OPTIMISTIC_READS; attempt++) {
      long stamp = stamp(mask);
      if (stamp >= 0) {
        long word = tagWord(bucket);
        for (int j = 0; j < slotsPerBucket; j++) {
          out[j] = (word >>> (8 * j) & 0x80) == 0 ? null : keyAt((bucket << slotShift) + j);
        }
        if (validate(mask, stamp)) {
          return true;
        }
      }
      pause(attempt);
    }
    return false;
  }

  // ---- Stripes as locks ----

  /**
   * Takes {@code stripe} if its word is still {@code stamp} (so neither a writer nor a freeze took
   * it since): the upgrade of an optimistic read to a write. Never waits.
   *
   * @return whether the caller now holds the stripe
   */
  boolean tryLock(int stripe, long stamp) {
    if (LONGS.compareAndSet(stripes, STRIDE * stripe, stamp, stamp | WRITING)) {
      VarHandle.storeStoreFence(); // the lock bit before every store of the write
      return true;
    }
    return false;
  }

  /**
   * Takes {@code stripe}, waiting for writers and freezes.
   *
   * @return true if the caller holds it; false if the table was retired
   */
  boolean lock(int stripe) {
    return take(stripe, false);
  }

  /**
   * Takes {@code stripe}, waiting for writers, and for freezes unless {@code unlessFrozen}.
   *
   * @return true if the caller holds it; false if the table was retired, or frozen and {@code
   *     unlessFrozen}
   */
  private boolean take(int stripe, boolean unlessFrozen) {
    int offset = STRIDE * stripe;
    for (int attempt = 0; ; attempt++) {
      long word = (long) LONGS.getVolatile(stripes, offset);
      if ((word & (WRITING | FROZEN)) == 0) {
        if (LONGS.compareAndSet(stripes, offset, word, word | WRITING)) {
          VarHandle.storeStoreFence(); // the lock bit before every store of the write
          return true;
        }
      } else if (retired || (unlessFrozen && (word & FROZEN) != 0)) {
        return false;
      } else {
        pause(attempt);
      }
    }
  }

  /**
   * Releases {@code stripe}; if {@code changed}, advances its counter so that every optimistic read
   * that overlapped the change fails, else restores its word.
   */
  void unlock(int stripe, boolean changed) {
    int offset = STRIDE * stripe;
    long word = (long) LONGS.get(stripes, offset) & ~WRITING;
    LONGS.setRelease(stripes, offset, changed ? word + UNIT : word);
  }

  /**
   * {@link #unlock}, ending {@code ending} first unless it is null: the last step of a write that
   * ends a compute call's reservation, so that no other write of the key sees it stored and still
   * reserved.
   */
  void unlock(int stripe, boolean changed, Reservation ending) {
    if (ending != null) {
      unreserve(stripe, ending);
    }
    unlock(stripe, changed);
  }

  /**
   * Sets {@link #FROZEN} on every stripe in ascending order, waiting for each writer, and for
   * another freezer, to leave.
   *
   * @return true if the caller froze the segment; false, having frozen nothing, if another thread
   *     froze it and retired it meanwhile (a retired segment stays frozen, and only a thread that
   *     froze every stripe retires it, so the caller was still waiting for the first)
   */
  boolean freeze() {
    for (int offset = 0; offset < stripes.length; offset += STRIDE) {
      for (int attempt = 0; ; attempt++) {
        long word = (long) LONGS.getVolatile(stripes, offset);
        if ((word & (WRITING | FROZEN)) == 0
            && LONGS.compareAndSet(stripes, offset, word, word | FROZEN)) {
          break;
        }
        if (retired) {
          return false;
        }
        pause(attempt);
      }
    }
    return true;
  }

  /** Clears {@link #FROZEN}: writers may proceed. Nothing changed, so no reader needs to retry. */
  void thaw() {
    for (int offset = 0; offset < stripes.length; offset += STRIDE) {
      LONGS.setRelease(stripes, offset, (long) LONGS.getVolatile(stripes, offset) & ~FROZEN);
    }
  }

  /** Marks this frozen segment as replaced: writers waiting on it start again on the new one. */
  void retire() {
    retired = true;
  }

  /**
   * Waits a little: spins for the first {@value #SPINS} attempts, then parks for tens of
   * microseconds at a time. A stripe's writer holds it for a few moves, and a freeze for the growth
   * of a segment lasts tens of microseconds: spinning through it is cheaper than parking, whose
   * wake-up comes 120 µs after a request of 50 here (a 2-core virtual machine). It never relies on
   * {@code Thread.yield}, whose effect depends on the scheduler.
   */
  static void pause(int attempt) {
    if (attempt < SPINS) {
      Thread.onSpinWait();
    } else {
      LockSupport.parkNanos(50_000);
    }
  }

  /**
   * The attempts that {@link #pause} spins before it parks: about 80 µs at the 19 ns that one spin
   * takes here, longer than a segment's growth. With 64 (1 µs), two threads growing a map to
   * 4·10<sup>6</sup> keys parked about a thousand times for 310 µs on average (JFR).
   */
  private static final int SPINS = 1 << 12;

  // ---- Slots ----

  private long tagWord(int bucket) {
    return (long) LONGS.getOpaque(tags, bucket);
  }

  Object keyAt(int slot) {
    return OBJECTS.getOpaque(kv, 2 * slot);
  }

  Object valueAt(int slot) {
    return OBJECTS.getOpaque(kv, 2 * slot + 1);
  }

  int bucketOfSlot(int slot) {
    return slot >>> slotShift;
  }

  /** Returns the number of keys in {@code bucket}. */
  @Override
  public int loadOf(int bucket) {
    return TagWords.loadOf(tagWord(bucket));
  }

  /** Returns whether {@code bucket} has a free slot. */
  boolean hasRoom(int bucket) {
    return (~tagWord(bucket) & usableSlots) != 0;
  }

  /** Returns whether {@code slot} holds a key. */
  boolean isOccupied(int slot) {
    return (tagWord(bucketOfSlot(slot)) >>> (8 * (slot & (slotsPerBucket - 1))) & 0x80) != 0;
  }

  /** Returns the tag byte of the key in {@code slot}. */
  private int tagAt(int slot) {
    return (int) (tagWord(bucketOfSlot(slot)) >>> (8 * (slot & (slotsPerBucket - 1)))) & 0xFF;
  }

  // ---- Changes: the caller holds the stripes of every bucket it touches ----

  /** Stores a new entry in a free slot of {@code bucket}; the key is written before its tag. */
  void store(int bucket, int tag, Object key, Object value) {
    long word = tagWord(bucket);
    int j = Long.numberOfTrailingZeros(~word & usableSlots) >>> 3;
    int slot = (bucket << slotShift) + j;
    OBJECTS.setOpaque(kv, 2 * slot, key);
    OBJECTS.setOpaque(kv, 2 * slot + 1, value);
    LONGS.setOpaque(tags, bucket, word | (tag & 0xFFL) << (8 * j));
    addToRecord(bucket, KEYS, 1);
  }

  /** Stores a new key with hash {@code hash} in {@code bucket}, an insert that moved no key. */
  void storeNew(int bucket, long hash, Object key, Object value) {
    store(bucket, BucketTable.tagOf(hash), key, value);
    addToRecord(bucket, QUIET_INSERTS, 1);
  }

  void setValueAt(int slot, Object value) {
    OBJECTS.setOpaque(kv, 2 * slot + 1, value);
  }

  /** Empties {@code slot}: its tag first, then its key and value. */
  void clearSlot(int slot) {
    int bucket = bucketOfSlot(slot);
    long word = tagWord(bucket);
    LONGS.setOpaque(tags, bucket, word & ~(0xFFL << (8 * (slot & (slotsPerBucket - 1)))));
    OBJECTS.setOpaque(kv, 2 * slot, null);
    OBJECTS.setOpaque(kv, 2 * slot + 1, null);
    addToRecord(bucket, KEYS, -1);
  }

  /** Moves the entry of {@code slot} to a free slot of {@code bucket}: copy first, clear after. */
  void move(int slot, int bucket) {
    store(bucket, tagAt(slot), keyAt(slot), valueAt(slot));
    clearSlot(slot);
  }

  private void addToRecord(int bucket, int field, long delta) {
    addToStripe(bucket & stripeMask, field, delta);
  }

  private void addToStripe(int stripe, int field, long delta) {
    int offset = STRIDE * stripe + field;
    LONGS.setOpaque(stripes, offset, (long) LONGS.getOpaque(stripes, offset) + delta);
  }

  // ---- Reservations: the caller holds the stripe, or has frozen the table ----

  /**
   * Returns the reservation of {@code key} (hash {@code hash}) in {@code stripe}, or null: one read
   * of the stripe's count while no key of the stripe is reserved.
   */
  Reservation reservationOf(int stripe, long hash, Object key) {
    if ((long) LONGS.getOpaque(stripes, STRIDE * stripe + RESERVED) == 0) {
      return null;
    }
    for (Reservation r = reservations[REFERENCE_STRIDE * stripe]; r != null; r = r.next) {
      if (r.hash == hash && KeyEquality.same(strategy, key, r.key)) {
        return r;
      }
    }
    return null;
  }

  /** Adds {@code reservation}, of a key of {@code stripe} that no other call has reserved. */
  void reserve(int stripe, Reservation reservation) {
    reservation.next = reservations[REFERENCE_STRIDE * stripe];
    reservations[REFERENCE_STRIDE * stripe] = reservation;
    addToStripe(stripe, RESERVED, 1);
  }

  /** Removes {@code reservation} from {@code stripe} if it is there (clear may have dropped it). */
  void unreserve(int stripe, Reservation reservation) {
    Reservation previous = null;
    for (Reservation r = reservations[REFERENCE_STRIDE * stripe];
        r != null;
        previous = r, r = r.next) {
      if (r == reservation) {
        if (previous == null) {
          reservations[REFERENCE_STRIDE * stripe] = r.next;
        } else {
          previous.next = r.next;
        }
        r.next = null;
        addToStripe(stripe, RESERVED, -1);
        return;
      }
    }
  }

  /**
   * Moves every reservation of this frozen segment to {@code low} if its key's hash has {@code bit}
   * clear, else to {@code high}: segments that no other thread sees yet.
   */
  void moveReservationsTo(ConcurrentCuckooTable low, ConcurrentCuckooTable high, int bit) {
    for (int head = 0; head < reservations.length; head += REFERENCE_STRIDE) {
      for (Reservation r = reservations[head]; r != null; ) {
        Reservation next = r.next;
        ConcurrentCuckooTable to = ((int) r.hash & bit) == 0 ? low : high;
        to.reserve(to.stripeOf(r.hash), r);
        r = next;
      }
      reservations[head] = null;
    }
  }

  /** Cancels every reservation of this frozen table, whose mappings {@code clear} removes. */
  void cancelReservations() {
    for (int head = 0; head < reservations.length; head += REFERENCE_STRIDE) {
      for (Reservation r = reservations[head]; r != null; r = r.next) {
        r.cancel();
      }
    }
  }

  // ---- The overflow area ----

  private Object overflowKey(Object key) {
    return strategy == null ? key : new OverflowArea.StrategyKey(strategy, key);
  }

  Object overflowGet(Object key) {
    ConcurrentHashMap<Object, Object> area = overflow;
    return area == null ? null : area.get(overflowKey(key));
  }

  /** Adds an absent key to the overflow area. */
  void overflowAdd(Object key, Object value) {
    ConcurrentHashMap<Object, Object> area = overflow;
    if (area == null) {
      synchronized (this) {
        area = overflow;
        if (area == null) {
          area = new ConcurrentHashMap<>();
          overflow = area;
        }
      }
    }
    area.put(overflowKey(key), value);
    OVERFLOW_SIZE.getAndAdd(this, 1);
  }

  void overflowSet(Object key, Object value) {
    overflow.put(overflowKey(key), value);
  }

  void overflowRemove(Object key) {
    overflow.remove(overflowKey(key));
    OVERFLOW_SIZE.getAndAdd(this, -1);
  }

  int overflowSize() {
    return (int) OVERFLOW_SIZE.getVolatile(this);
  }

  // ---- Counts ----

  /** Returns the keys in buckets (the overflow area not counted); exact while no write runs. */
  long keysInBuckets() {
    long sum = 0;
    for (int offset = KEYS; offset < stripes.length; offset += STRIDE) {
      sum += (long) LONGS.getOpaque(stripes, offset);
    }
    return sum;
  }

  /** Returns the inserts into this table that found a free slot in their own buckets. */
  long quietInserts() {
    long sum = 0;
    for (int offset = QUIET_INSERTS; offset < stripes.length; offset += STRIDE) {
      sum += (long) LONGS.getOpaque(stripes, offset);
    }
    return sum;
  }

  /** Carries the count of quiet inserts over from the table this one replaces. */
  void addQuietInserts(long count) {
    addToRecord(0, QUIET_INSERTS, count);
  }

  /** Returns whether the stripe of {@code bucket} holds its share of {@code threshold} keys. */
  boolean stripeReaches(int bucket, double threshold) {
    return (long) LONGS.getOpaque(stripes, STRIDE * (bucket & stripeMask) + KEYS)
        >= threshold / stripeCount();
  }

  // ---- Whole-table reads ----

  /**
   * Appends the entries to {@code out} as key, value pairs. Not validated: the caller stamps and
   * validates the stripes, or has frozen the segment.
   */
  void appendEntries(EntryPairs out) {
    for (int bucket = 0; bucket < buckets; bucket++) {
      for (long occupied = tagWord(bucket) & TagWords.OCCUPIED;
          occupied != 0;
          occupied &= occupied - 1) {
        int slot = (bucket << slotShift) + (Long.numberOfTrailingZeros(occupied) >>> 3);
        out.add(keyAt(slot), valueAt(slot));
      }
    }
    ConcurrentHashMap<Object, Object> area = overflow;
    if (area != null) {
      for (Map.Entry<Object, Object> e : area.entrySet()) {
        Object key = e.getKey();
        out.add(
            key instanceof OverflowArea.StrategyKey wrapped ? wrapped.key() : key, e.getValue());
      }
    }
  }

  /**
   * Adds the statistics of this frozen segment: {@code histogram[k]} buckets of k keys, {@code
   * perChoice[i]} keys in their i-th choice.
   */
  void countLoads(long[] histogram, long[] perChoice) {
    for (int bucket = 0; bucket < buckets; bucket++) {
      long word = tagWord(bucket);
      histogram[TagWords.loadOf(word)]++;
      for (long occupied = word & TagWords.OCCUPIED; occupied != 0; occupied &= occupied - 1) {
        int slot = (bucket << slotShift) + (Long.numberOfTrailingZeros(occupied) >>> 3);
        perChoice[choiceOf(hashOf(keyAt(slot)), bucket)]++;
      }
    }
  }

  // ---- Growth ----

  /**
   * Copies every entry of this frozen segment into {@code low} if its hash has {@code bit} clear,
   * else into {@code high} (the same segment when it is not split, {@code bit} 0): segments that no
   * other thread sees yet. Each key keeps its choice where that bucket has room, else {@code path}
   * places it, else it goes to the overflow area.
   */
  void copyInto(ConcurrentCuckooTable low, ConcurrentCuckooTable high, int bit, CuckooPath path) {
    for (int bucket = 0; bucket < buckets; bucket++) {
      for (long occupied = tagWord(bucket) & TagWords.OCCUPIED;
          occupied != 0;
          occupied &= occupied - 1) {
        int slot = (bucket << slotShift) + (Long.numberOfTrailingZeros(occupied) >>> 3);
        Object key = keyAt(slot);
        long hash = hashOf(key);
        ConcurrentCuckooTable to = ((int) hash & bit) == 0 ? low : high;
        int sameChoice = to.bucketOf(hash, choiceOf(hash, bucket));
        if (to.hasRoom(sameChoice)) {
          to.store(sameChoice, tagAt(slot), key, valueAt(slot));
        } else {
          to.placeAlone(hash, key, valueAt(slot), path);
        }
      }
    }
    ConcurrentHashMap<Object, Object> area = overflow;
    if (area != null) {
      for (Map.Entry<Object, Object> e : area.entrySet()) {
        Object key = e.getKey();
        Object unwrapped = key instanceof OverflowArea.StrategyKey wrapped ? wrapped.key() : key;
        long hash = hashOf(unwrapped);
        (((int) hash & bit) == 0 ? low : high).placeAlone(hash, unwrapped, e.getValue(), path);
      }
    }
    low.addQuietInserts(quietInserts());
  }

  /**
   * Places an absent key in this segment, which no other thread uses: its least loaded bucket, else
   * along the shortest cuckoo path, else the overflow area.
   */
  void placeAlone(long hash, Object key, Object value, CuckooPath path) {
    int bucket = leastLoadedBucket(hash);
    if (bucket < 0) {
      int end = path.search(this, hash, buckets);
      if (end < 0) {
        overflowAdd(key, value);
        return;
      }
      bucket = path.apply(this, end);
    }
    store(bucket, BucketTable.tagOf(hash), key, value);
  }
}
