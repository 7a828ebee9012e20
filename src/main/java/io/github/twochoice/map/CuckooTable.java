/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A fixed-capacity bucketed cuckoo table with an exact insert: d choices of bucket per key, b slots
 * per bucket, and an insertion that places the new key if and only if the keys already there can be
 * rearranged to make room for it. It never grows; {@link CuckooHashMap} is built on it.
 *
 * <p><b>The exact insert.</b> The keys in the table are a valid assignment of keys to slots, so a
 * new key fits iff an <em>augmenting path</em> leads from one of its buckets to a free slot: a
 * chain of keys, each movable to another of its own buckets, the last one into the free slot. A
 * breadth-first search over buckets finds the shortest such path or proves that none exists,
 * visiting each bucket at most once; there is no "give up after so many evictions" limit. The
 * search only reads the table: the keys move along the path only once it is found, so a failed
 * insert leaves the table exactly as it was.
 *
 * <p><b>Layout.</b> Per slot: an 8-bit fingerprint ({@code 0} marks a free slot), a 32-bit
 * <em>tag</em> (the key's hash, from which its d buckets follow for any table size, so moving or
 * rehashing a key never calls {@code hashCode()}), and the key and value side by side. A lookup
 * compares the fingerprints of the key's buckets and calls {@code equals} only on a match (1 in 128
 * for another key). The choices of a tag t are {@code bucket(t · a_i)}: multiplication by distinct
 * odd constants a_i, then multiply-shift range reduction.
 *
 * <p>As an experiment: {@link #withCells} builds a table of a given size, {@link #add} reports the
 * first key that cannot be placed, and {@link #load()} tells how full the table was.
 *
 * <p>Cost: a lookup reads at most d buckets; an insert that finds a free slot in its own buckets
 * reads d buckets, otherwise the search visits buckets until it finds a free slot (few at moderate
 * load, the key's whole connected component when the insert fails). Memory: 13 bytes per slot plus
 * one bit per bucket.
 */
public final class CuckooTable {
  /** The most choices per key. */
  public static final int MAX_CHOICES = 8;

  /** The most slots per bucket. */
  public static final int MAX_SLOTS_PER_BUCKET = 64;

  /** Odd multipliers deriving choice i from a tag; the first keeps the tag as it is. */
  private static final int[] CHOICE_MULTIPLIERS = {
    1, 0x9E3779B9, 0x85EBCA6B, 0xC2B2AE35, 0x27D4EB2F, 0x165667B1, 0xD3A2646D, 0xFD7046C5
  };

  private final int choices;
  private final int slotsPerBucket;
  private final int buckets;
  private final ChoiceHasher hasher;

  private final byte[] fingerprints;
  private final int[] tags;
  private final Object[] keyValues;
  private int size;

  private final BucketSearch search;

  CuckooTable(int choices, int slotsPerBucket, int buckets, ChoiceHasher hasher) {
    if (choices < 2 || choices > MAX_CHOICES) {
      throw new IllegalArgumentException(
          "choices must be between 2 and " + MAX_CHOICES + ": " + choices);
    }
    if (slotsPerBucket < 1 || slotsPerBucket > MAX_SLOTS_PER_BUCKET) {
      throw new IllegalArgumentException(
          "slotsPerBucket must be between 1 and " + MAX_SLOTS_PER_BUCKET + ": " + slotsPerBucket);
    }
    if (buckets < 1 || (long) buckets * slotsPerBucket > (Integer.MAX_VALUE - 16) / 2) {
      throw new IllegalArgumentException("buckets out of range: " + buckets);
    }
    this.choices = choices;
    this.slotsPerBucket = slotsPerBucket;
    this.buckets = buckets;
    this.hasher = hasher;
    int slots = buckets * slotsPerBucket;
    this.fingerprints = new byte[slots];
    this.tags = new int[slots];
    this.keyValues = new Object[2 * slots];
    this.search = new BucketSearch(buckets);
  }

  /**
   * Creates an empty table of about {@code cells} slots for experiments: {@code cells / b} buckets,
   * rounded up.
   *
   * @param choices d, the buckets per key, from 2 to 8
   * @param slotsPerBucket b, from 1 to 64
   * @param cells the number of slots wanted, positive
   * @param seed the seed of the hash function
   * @return an empty table
   * @throws IllegalArgumentException if an argument is out of range
   */
  public static CuckooTable withCells(int choices, int slotsPerBucket, int cells, long seed) {
    if (cells < 1) {
      throw new IllegalArgumentException("cells must be positive: " + cells);
    }
    if (slotsPerBucket < 1) {
      throw new IllegalArgumentException("slotsPerBucket must be positive: " + slotsPerBucket);
    }
    int buckets = (cells + slotsPerBucket - 1) / slotsPerBucket;
    return new CuckooTable(choices, slotsPerBucket, buckets, ChoiceHasher.seeded(seed));
  }

  /**
   * Adds a key if it can be placed, moving other keys along an augmenting path if needed.
   *
   * @param key the key, possibly null
   * @return true if the key is in the table afterwards; false if it could not be placed, in which
   *     case the table is unchanged
   */
  public boolean add(Object key) {
    int tag = tagOf(hasher.hash(key));
    return find(tag, key) >= 0 || insert(tag, key, null) >= 0;
  }

  /**
   * Returns whether the table holds {@code key}.
   *
   * @param key the key, possibly null
   * @return true if present
   */
  public boolean contains(Object key) {
    return find(tagOf(hasher.hash(key)), key) >= 0;
  }

  /**
   * Returns the number of keys in the table.
   *
   * @return the size
   */
  public int size() {
    return size;
  }

  /**
   * Returns the number of slots (cells).
   *
   * @return buckets × slots per bucket
   */
  public int cells() {
    return fingerprints.length;
  }

  /**
   * Returns the load: keys per cell.
   *
   * @return {@code size() / cells()}
   */
  public double load() {
    return (double) size / cells();
  }

  // ---- Package-private core shared with CuckooHashMap ----

  int choices() {
    return choices;
  }

  int slotsPerBucket() {
    return slotsPerBucket;
  }

  int buckets() {
    return buckets;
  }

  /** The tag of a mixed hash: its high 32 bits. */
  static int tagOf(long hash) {
    return (int) (hash >>> 32);
  }

  /** The 8-bit fingerprint of a tag, its high bit set: never 0, which marks a free slot. */
  static byte fingerprintOf(int tag) {
    return ChoiceHasher.fingerprint(tag);
  }

  /** Bucket of choice {@code i} of a tag (choice 0 multiplies by 1, which a constant i skips). */
  int bucketOf(int tag, int i) {
    return ChoiceHasher.bucket(i == 0 ? tag : tag * CHOICE_MULTIPLIERS[i], buckets);
  }

  /** Returns the slot holding {@code key}, or -1. */
  int find(int tag, Object key) {
    return slotsPerBucket == WORD_BUCKET
        ? findInWordBuckets(tag, key)
        : findSlotBySlot(tag, key, 0);
  }

  /**
   * Compares the key's fingerprint with every slot of its buckets from choice {@code fromChoice}
   * on, in choice order.
   */
  private int findSlotBySlot(int tag, Object key, int fromChoice) {
    byte fp = fingerprintOf(tag);
    byte[] fps = fingerprints;
    Object[] kv = keyValues;
    int b = slotsPerBucket;
    for (int i = fromChoice; i < choices; i++) {
      int base = bucketOf(tag, i) * b;
      for (int s = base; s < base + b; s++) {
        if (fps[s] == fp) {
          Object k = kv[2 * s];
          if (k == key || (key != null && key.equals(k))) {
            return s;
          }
        }
      }
    }
    return -1;
  }

  /** The bucket size whose fingerprints fill one {@code int}: they are compared all at once. */
  private static final int WORD_BUCKET = 4;

  /** Reads four fingerprints as one little-endian {@code int}. */
  private static final VarHandle FINGERPRINT_WORD =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  /**
   * {@link #find} for 4-slot buckets, written so that a lookup takes no branch that depends on
   * where the key is. The four fingerprints of a bucket are one {@code int}; {@link
   * FingerprintWords} flags the slots of the first two buckets whose fingerprint may equal the
   * key's in one word, whose set bits name the candidate slots arithmetically, so the processor can
   * already run the next lookup while this one waits for memory. One loop holds the only {@code
   * equals} call and also resolves fingerprint collisions (1 in 128 per full slot); {@link
   * #findSlotBySlot} runs only with more than two choices. A separate collision path would run
   * often enough for the JIT to compile it, with a second copy of a large {@code equals} such as
   * the one for strings, into every caller; at 10<sup>6</sup> keys that made lookups slower.
   */
  private int findInWordBuckets(int tag, Object key) {
    int pattern = FingerprintWords.repeatedInInt(fingerprintOf(tag));
    byte[] fps = fingerprints;
    int base0 = bucketOf(tag, 0) * WORD_BUCKET;
    int base1 = bucketOf(tag, 1) * WORD_BUCKET;
    int candidates =
        FingerprintWords.matches((int) FINGERPRINT_WORD.get(fps, base0), pattern)
            | FingerprintWords.matches((int) FINGERPRINT_WORD.get(fps, base1), pattern) >>> 1;
    for (; candidates != 0; candidates &= candidates - 1) {
      int bit = Integer.numberOfTrailingZeros(candidates);
      int slot = FingerprintWords.candidateSlot(bit, base0, base1);
      Object k = keyValues[2 * slot];
      if (k == key || (key != null && key.equals(k))) {
        return slot;
      }
    }
    return choices > 2 ? findSlotBySlot(tag, key, 2) : -1;
  }

  boolean isLive(int slot) {
    return fingerprints[slot] != 0;
  }

  Object keyAt(int slot) {
    return keyValues[2 * slot];
  }

  Object valueAt(int slot) {
    return keyValues[2 * slot + 1];
  }

  void setValueAt(int slot, Object value) {
    keyValues[2 * slot + 1] = value;
  }

  int tagAt(int slot) {
    return tags[slot];
  }

  /** Returns which choice of its key the live {@code slot} is (the first that matches). */
  int choiceAt(int slot) {
    int bucket = slot / slotsPerBucket;
    for (int i = 0; i < choices; i++) {
      if (bucketOf(tags[slot], i) == bucket) {
        return i;
      }
    }
    throw new IllegalStateException("slot " + slot + " is not in a bucket of its key");
  }

  /** Returns the number of keys in {@code bucket}. */
  int loadOf(int bucket) {
    int load = 0;
    for (int s = bucket * slotsPerBucket; s < (bucket + 1) * slotsPerBucket; s++) {
      load += fingerprints[s] != 0 ? 1 : 0;
    }
    return load;
  }

  void removeAt(int slot) {
    fingerprints[slot] = 0;
    keyValues[2 * slot] = null;
    keyValues[2 * slot + 1] = null;
    size--;
  }

  void clear() {
    Arrays.fill(fingerprints, (byte) 0);
    Arrays.fill(keyValues, null);
    size = 0;
  }

  CuckooTable copy() {
    CuckooTable copy = new CuckooTable(choices, slotsPerBucket, buckets, hasher);
    System.arraycopy(fingerprints, 0, copy.fingerprints, 0, fingerprints.length);
    System.arraycopy(tags, 0, copy.tags, 0, tags.length);
    System.arraycopy(keyValues, 0, copy.keyValues, 0, keyValues.length);
    copy.size = size;
    return copy;
  }

  /**
   * Inserts an absent key: into its bucket with the most free slots (the earliest choice on ties),
   * else along the shortest augmenting path. Choosing the emptier bucket, as in balanced
   * allocation, keeps buckets from filling up early, so fewer inserts need a search.
   *
   * @return the number of keys moved (0 for a free slot in the key's own buckets), or -1 if the key
   *     cannot be placed; the table is then unchanged
   */
  int insert(int tag, Object key, Object value) {
    int target = -1;
    int mostFree = 0;
    for (int i = 0; i < choices; i++) {
      int bucket = bucketOf(tag, i);
      int free = slotsPerBucket - loadOf(bucket);
      if (free > mostFree) {
        target = bucket;
        mostFree = free;
      }
    }
    if (target >= 0) {
      store(freeSlotIn(target), tag, key, value);
      return 0;
    }
    int found = search.findFreeSlot(this, tag);
    if (found < 0) {
      return -1;
    }
    int moves = search.shiftAlongPath(this, found);
    store(search.freedSlot(), tag, key, value);
    return moves;
  }

  /**
   * Returns a table with twice the buckets holding the same entries, built without any search and
   * without hashing. Multiply-shift range reduction makes choice i of a key in bucket k of this
   * table bucket 2k or 2k + 1 of the larger one, and no other bucket of this table maps there; so
   * every key keeps its choice, and the at most b keys of bucket k fit into the 2b slots of buckets
   * 2k and 2k + 1. Both tables are read and written front to back.
   */
  CuckooTable doubled() {
    CuckooTable larger = new CuckooTable(choices, slotsPerBucket, 2 * buckets, hasher);
    for (int bucket = 0; bucket < buckets; bucket++) {
      for (int s = bucket * slotsPerBucket; s < (bucket + 1) * slotsPerBucket; s++) {
        if (fingerprints[s] != 0) {
          int tag = tags[s];
          int choice = 0;
          while (bucketOf(tag, choice) != bucket) {
            choice++;
          }
          int target = larger.freeSlotIn(larger.bucketOf(tag, choice));
          larger.store(target, tag, keyValues[2 * s], keyValues[2 * s + 1]);
        }
      }
    }
    return larger;
  }

  /** Returns a free slot of {@code bucket}, or -1 if it is full. */
  int freeSlotIn(int bucket) {
    for (int s = bucket * slotsPerBucket; s < (bucket + 1) * slotsPerBucket; s++) {
      if (fingerprints[s] == 0) {
        return s;
      }
    }
    return -1;
  }

  /** Moves the entry in slot {@code from} to the free slot {@code to}. */
  void move(int from, int to) {
    fingerprints[to] = fingerprints[from];
    tags[to] = tags[from];
    keyValues[2 * to] = keyValues[2 * from];
    keyValues[2 * to + 1] = keyValues[2 * from + 1];
    fingerprints[from] = 0;
    keyValues[2 * from] = null;
    keyValues[2 * from + 1] = null;
  }

  private void store(int slot, int tag, Object key, Object value) {
    fingerprints[slot] = fingerprintOf(tag);
    tags[slot] = tag;
    keyValues[2 * slot] = key;
    keyValues[2 * slot + 1] = value;
    size++;
  }
}
