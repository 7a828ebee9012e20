/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;

/**
 * One segment of a {@link ChainedHashMap}: a chained hash table in flat arrays in which each key
 * has d candidate buckets and joins the shortest of their chains (ties go to the earlier choice).
 *
 * <p>Think of each entry as an imaginary object {@code Entry { K key; V value; byte tag; int next;
 * }} stored in parallel arrays, {@link ChainSlots}, at a <em>slot</em> {@code e}:
 *
 * <ul>
 *   <li>the key and value, side by side so that a hit reads one cache line (a table of keys only,
 *       under a set, keeps the key alone);
 *   <li>a tag: 7 bits of the choice hash that placed the entry, never 0, which reject most
 *       non-matching entries without calling {@code equals}, and in the high bit whether the entry
 *       has a successor ({@link #HAS_NEXT}); 0 marks a free slot. At a byte per entry the tags stay
 *       in cache where the keys do not, so a lookup's memory accesses are the slot of the matching
 *       key and the key itself, plus a link only where a chain really continues;
 *   <li>a link: the slot of the extra region that holds the next entry of the same chain (-1 at a
 *       chain's last entry), or the next free slot of the extra region.
 * </ul>
 *
 * <p><b>Inline heads.</b> Slots {@code [0, buckets)} are the buckets themselves: the first entry of
 * bucket b's chain lives at slot b, so a hit on a chain's first entry — three keys in four at load
 * 1 — reads the key's slot directly and then the key, two dependent memory accesses, as in an
 * open-addressing table. The rest of each chain lives in an <em>extra region</em>, arrays of their
 * own whose slot x is slot {@code buckets + x}, linked from the head. Removing a head promotes its
 * successor into the bucket; a freed slot of the extra region goes to a free list, so no other
 * entry moves. The extra region is sized for the chains the theory expects for the keys the table
 * is made for, plus two standard deviations; when it runs out, it grows by at least a quarter, to
 * what the theory expects for a quarter more entries.
 *
 * <p>Cost: a lookup computes d choice hashes and reads about {@code d * load} chain entries on a
 * miss, fewer on a hit; no allocation. Memory (compressed references): 13 bytes per bucket (its
 * inline slot) plus 13 bytes per slot of the extra region (about a quarter of the entries at load 1
 * with two choices); 9 and 9 for keys only.
 */
final class ChainTable extends Segment {
  /** End of a chain or of the free list. */
  static final int NONE = -1;

  /** The tag bit set iff the entry's link is another entry of its chain. */
  private static final int HAS_NEXT = 0x80;

  /** The tag bits that come from the hash. */
  private static final int TAG_BITS = 0x7F;

  /**
   * When the extra region runs out, it grows to what the theory expects for this many times the
   * current entries, and at least by this factor: a few copies of the extra region between two
   * growths of the table, not one per handful of insertions.
   */
  private static final double EXTRA_HEADROOM = 1.25;

  /** The least room kept for chain entries beyond the inline heads. */
  private static final int MIN_EXTRA = 4;

  /** The number of buckets each key may join, d. */
  private final int choices;

  private final int buckets;

  /** 1 if the slots hold values, 0 for keys only. */
  private final int keyShift;

  /** The chain length at which a key's chains are too long to join. */
  private final int chainLimit;

  /** The keys' equality, or null for their own {@code equals} and {@code hashCode}. */
  private final HashStrategy<Object> strategy;

  /** The chains' first entries: slot b is bucket b's. Their links point into {@link #extra}. */
  private final ChainSlots heads;

  /** The arrays of {@link #heads}, here too so that a lookup reaches a head in one load less. */
  private final byte[] headTags;

  private final Object[] headKeyValues;

  private final int[] headLinks;

  /** The chains' later entries: slot x is slot {@code buckets + x} of the table. */
  private ChainSlots extra;

  /** The extra region's slots {@code [0, extraEnd)} have been used; the rest never. */
  private int extraEnd;

  /** The first free slot of the extra region below {@code extraEnd}, or {@link #NONE}. */
  private int freeExtra;

  /** Entries in chains. */
  private int chained;

  /**
   * Creates an empty table of {@code buckets} buckets with room for the chain entries that {@code
   * entries} keys need beyond their heads.
   */
  ChainTable(
      int choices,
      int buckets,
      long entries,
      boolean storesValues,
      int chainLimit,
      HashStrategy<Object> strategy) {
    this.choices = choices;
    this.buckets = buckets;
    this.keyShift = storesValues ? 1 : 0;
    this.chainLimit = chainLimit;
    this.strategy = strategy;
    this.heads = new ChainSlots(buckets, keyShift);
    this.headTags = heads.tags;
    this.headKeyValues = heads.keyValues;
    this.headLinks = heads.next;
    this.extra = new ChainSlots((int) extraFor(entries), keyShift);
    this.freeExtra = NONE;
  }

  /**
   * The chain entries beyond the heads that {@code entries} keys in this table need, plus a margin
   * of two standard deviations: n minus the expected number of non-empty buckets, {@code 1 - e^-λ}
   * of them with one choice and {@code tanh λ} with two (the fluid limit; more choices fill even
   * more buckets).
   */
  private long extraFor(long entries) {
    double load = (double) entries / buckets;
    double occupied = choices == 1 ? -Math.expm1(-load) : Math.tanh(load);
    return Math.max(0, (long) (entries - buckets * occupied + 2 * Math.sqrt(buckets))) + MIN_EXTRA;
  }

  @Override
  int units() {
    return buckets;
  }

  @Override
  int capacity() {
    return buckets;
  }

  @Override
  int slots() {
    return buckets + extra.capacity();
  }

  @Override
  int size() {
    return chained;
  }

  // ---- Lookup ----

  /**
   * Scans the d chains of a key in choice order. One loop walks every chain and holds the only
   * {@code equals} call, which keeps the compiled method small enough for the JIT to inline it into
   * the caller's loop (a String's {@code equals} alone compiles to a few hundred bytes). It starts
   * on the heads' arrays and switches to the extra region's where a chain continues; a link is read
   * only where the tag byte says so.
   */
  @Override
  int find(long hash, Object key) {
    byte[] t = headTags;
    Object[] kv = headKeyValues;
    int[] links = headLinks;
    // the extra region, loaded before it is needed, so that a chain's walk waits on no field
    ChainSlots later = extra;
    byte[] laterTags = later.tags;
    Object[] laterKv = later.keyValues;
    int base = 0; // the slot of the table of slot 0 of the arrays being walked
    int shift = keyShift;
    HashStrategy<Object> s = strategy;
    int choice = 0;
    int choiceHash = ChoiceHasher.choice(hash, 0);
    int tag = tagOf(choiceHash);
    int e = ChoiceHasher.bucket(choiceHash, buckets);
    int f = t[e];
    while (true) {
      if ((f & TAG_BITS) == tag) { // never true for an empty bucket (f = 0)
        if (KeyEquality.same(s, key, kv[e << shift])) {
          return base + e;
        }
      }
      if ((f & HAS_NEXT) != 0) {
        e = links[e];
        t = laterTags;
        kv = laterKv;
        links = later.next;
        base = buckets;
      } else if (++choice < choices) {
        choiceHash = ChoiceHasher.choice(hash, choice);
        tag = tagOf(choiceHash);
        e = ChoiceHasher.bucket(choiceHash, buckets);
        t = headTags;
        kv = headKeyValues;
        links = headLinks;
        base = 0;
      } else {
        return NONE;
      }
      f = t[e];
    }
  }

  /**
   * {@link #find} for the write path: the same scan, which also counts each chain's entries, so
   * that a miss names where the key goes: {@code -2 - c}, where c is the choice whose chain is the
   * shortest (the first on ties), the one {@link #shortestChoice} names, or -1 if that chain has
   * reached the chain limit. The write that follows a miss thus walks no chain again. It is a loop
   * of its own, as {@code HashMap}'s {@code get} and {@code put} each walk a bin, so that the
   * lookup of reads stays small enough for the JIT to inline.
   */
  @Override
  int findToInsert(long hash, Object key) {
    // the shortest chain's length times 8, plus its choice (d <= 8): the least is the shortest
    // chain, and of two as short the earlier choice
    int shortest = Integer.MAX_VALUE;
    for (int c = 0; c < choices; c++) {
      int choiceHash = ChoiceHasher.choice(hash, c);
      int tag = tagOf(choiceHash);
      int x = ChoiceHasher.bucket(choiceHash, buckets);
      ChainSlots slots = heads;
      int base = 0; // the slot of the table of slot 0 of slots
      int length = 0;
      for (int f = slots.tags[x]; f != 0; f = slots.tags[x]) {
        length++;
        if ((f & TAG_BITS) == tag && KeyEquality.same(strategy, key, slots.keyAt(x))) {
          return base + x;
        }
        if ((f & HAS_NEXT) == 0) {
          break;
        }
        x = slots.next[x];
        slots = extra;
        base = buckets;
      }
      shortest = Math.min(shortest, length << 3 | c);
    }
    return shortest >>> 3 >= chainLimit ? NONE : -2 - (shortest & 7);
  }

  /** The tag of a choice hash: its low 7 bits, with 0 (an empty slot) replaced by 1. */
  private static int tagOf(int choiceHash) {
    int f = choiceHash & TAG_BITS;
    return f | ((f - 1) >>> 31);
  }

  // ---- Insertion ----

  /**
   * Returns the choice whose chain is the shortest (the earlier on ties), or {@link #NONE} if every
   * chain has reached the chain limit. An empty first bucket wins at once, so the other chains are
   * walked only when it is not.
   */
  int shortestChoice(long hash) {
    if (headTags[ChoiceHasher.bucket(ChoiceHasher.choice(hash, 0), buckets)] == 0) {
      return 0;
    }
    int shortest = NONE;
    int shortestLength = Integer.MAX_VALUE;
    for (int c = 0; c < choices; c++) {
      int length = chainLength(ChoiceHasher.bucket(ChoiceHasher.choice(hash, c), buckets));
      if (length < shortestLength) {
        shortest = c;
        shortestLength = length;
      }
    }
    return shortestLength < chainLimit ? shortest : NONE;
  }

  /** Adds an absent key to the chain of its {@code choice}. */
  void add(int choice, long hash, Object key, Object value) {
    int choiceHash = ChoiceHasher.choice(hash, choice);
    addToChain(ChoiceHasher.bucket(choiceHash, buckets), tagOf(choiceHash), key, value);
  }

  /**
   * Adds an absent key whose choice hash {@code kept} put it in bucket {@code from} of {@code old}
   * to this table: to the bucket of the same choice if it is empty, else to the shortest of its
   * chains. Returns false, adding nothing, if every chain has reached the chain limit.
   */
  boolean addMoved(ChainTable old, int from, long hash, Object key, Object value) {
    int kept = old.choiceIn(hash, from);
    int keptBucket = ChoiceHasher.bucket(kept, buckets);
    if (headTags[keptBucket] == 0) {
      addToChain(keptBucket, tagOf(kept), key, value);
      return true;
    }
    int choice = shortestChoice(hash);
    if (choice == NONE) {
      return false;
    }
    add(choice, hash, key, value);
    return true;
  }

  /** Returns the choice hash that puts a key of this hash in {@code bucket}. */
  private int choiceIn(long hash, int bucket) {
    int c = 0;
    int choiceHash = ChoiceHasher.choice(hash, 0);
    while (ChoiceHasher.bucket(choiceHash, buckets) != bucket) {
      choiceHash = ChoiceHasher.choice(hash, ++c);
    }
    return choiceHash;
  }

  /** Adds an entry to bucket b's chain: inline if the bucket is empty, else right after it. */
  private void addToChain(int b, int tag, Object key, Object value) {
    ChainSlots h = heads;
    if (h.tags[b] == 0) {
      h.setEntry(b, key, value);
      h.tags[b] = (byte) tag;
      h.next[b] = NONE;
    } else {
      int x = newExtraSlot(); // may replace the extra region: read it after
      ChainSlots later = extra;
      later.setEntry(x, key, value);
      later.tags[x] = (byte) tag;
      link(later, x, h.next[b]);
      link(h, b, x);
    }
    chained++;
  }

  /** Returns a free slot of the extra region, growing the region if there is none. */
  private int newExtraSlot() {
    int x = freeExtra;
    if (x != NONE) {
      freeExtra = extra.next[x];
      return x;
    }
    if (extraEnd == extra.capacity()) {
      long expected = extraFor((long) (EXTRA_HEADROOM * chained));
      long wanted = Math.max(expected, (long) (extraEnd * EXTRA_HEADROOM) + MIN_EXTRA);
      extra = extra.copyOf((int) Math.min(Integer.MAX_VALUE, wanted));
    }
    return extraEnd++;
  }

  /**
   * Sets the link of slot x of {@code slots} to slot {@code target} of the extra region, or to
   * {@link #NONE}, and keeps the {@link #HAS_NEXT} bit of its tag in step.
   */
  private static void link(ChainSlots slots, int x, int target) {
    slots.next[x] = target;
    byte tag = slots.tags[x];
    slots.tags[x] = (byte) (target >= 0 ? tag | HAS_NEXT : tag & TAG_BITS);
  }

  // ---- Chains ----

  /** Returns the number of entries in bucket b's chain. */
  int chainLength(int b) {
    if (headTags[b] == 0) {
      return 0;
    }
    int length = 1;
    if ((headTags[b] & HAS_NEXT) != 0) {
      for (int x = headLinks[b]; ; x = extra.next[x]) {
        length++;
        if ((extra.tags[x] & HAS_NEXT) == 0) {
          break;
        }
      }
    }
    return length;
  }

  /**
   * Returns the slot of the entry after the one at {@code slot} in its chain, or {@link #NONE}: a
   * chain of a live bucket b is b, {@code successor(b)}, {@code successor(successor(b))} and so on.
   */
  int successor(int slot) {
    if (slot < buckets) {
      return (headTags[slot] & HAS_NEXT) != 0 ? buckets + headLinks[slot] : NONE;
    }
    int x = slot - buckets;
    return (extra.tags[x] & HAS_NEXT) != 0 ? buckets + extra.next[x] : NONE;
  }

  /** Returns the bucket of choice c of a key with this hash. */
  int bucketOf(long hash, int c) {
    return ChoiceHasher.bucket(ChoiceHasher.choice(hash, c), buckets);
  }

  // ---- Entries by slot ----

  @Override
  boolean isLive(int slot) {
    return slot < buckets ? headTags[slot] != 0 : extra.tags[slot - buckets] != 0;
  }

  @Override
  int nextLive(int from) {
    int end = slots();
    int slot = from;
    while (slot < end && !isLive(slot)) {
      slot++;
    }
    return Math.min(slot, end);
  }

  @Override
  Object keyAt(int slot) {
    return slot < buckets ? headKeyValues[slot << keyShift] : extra.keyAt(slot - buckets);
  }

  @Override
  Object valueAt(int slot) {
    if (slot < buckets) { // from the fields: a hit's value is one load away, not two
      return keyShift == 0 ? null : headKeyValues[2 * slot + 1];
    }
    return extra.valueAt(slot - buckets);
  }

  @Override
  void setValueAt(int slot, Object value) {
    if (slot < buckets) {
      heads.setValueAt(slot, value);
    } else {
      extra.setValueAt(slot - buckets, value);
    }
  }

  // ---- Removal ----

  /**
   * Removes the entry of {@code slot}, whose key has hash {@code hash} (needed only beyond the
   * heads, to find its chain); no other entry moves but the successor of a removed head.
   */
  void removeAt(int slot, long hash) {
    if (slot < buckets) {
      if ((headTags[slot] & HAS_NEXT) != 0) { // the chain's second entry becomes its inline head
        int x = headLinks[slot];
        heads.copyEntry(slot, extra, x);
        freeExtraSlot(x);
      } else {
        heads.free(slot);
      }
    } else {
      int x = slot - buckets;
      int predecessor = predecessorOf(x, hash);
      int successor = extra.next[x]; // NONE exactly when HAS_NEXT is clear (link keeps them so)
      if (predecessor < buckets) {
        link(heads, predecessor, successor);
      } else {
        link(extra, predecessor - buckets, successor);
      }
      freeExtraSlot(x);
    }
    chained--;
  }

  /** Returns the slot of the entry whose link points at slot x of the extra region. */
  private int predecessorOf(int x, long hash) {
    for (int c = 0; c < choices; c++) {
      int b = bucketOf(hash, c);
      if ((headTags[b] & HAS_NEXT) == 0) {
        continue;
      }
      if (headLinks[b] == x) {
        return b;
      }
      for (int p = headLinks[b]; (extra.tags[p] & HAS_NEXT) != 0; p = extra.next[p]) {
        if (extra.next[p] == x) {
          return buckets + p;
        }
      }
    }
    throw new IllegalStateException("entry " + (buckets + x) + " is in none of its chains");
  }

  /** Puts slot x of the extra region on the free list. */
  private void freeExtraSlot(int x) {
    extra.free(x);
    extra.next[x] = freeExtra;
    freeExtra = x;
  }

  @Override
  void clear() {
    heads.clear();
    extra.clear();
    extraEnd = 0;
    freeExtra = NONE;
    chained = 0;
  }

  @Override
  ChainTable copy() {
    ChainTable copy = new ChainTable(choices, buckets, 0, keyShift != 0, chainLimit, strategy);
    System.arraycopy(headTags, 0, copy.headTags, 0, buckets);
    System.arraycopy(headKeyValues, 0, copy.headKeyValues, 0, headKeyValues.length);
    System.arraycopy(headLinks, 0, copy.headLinks, 0, buckets);
    copy.extra = extra.copy();
    copy.extraEnd = extraEnd;
    copy.freeExtra = freeExtra;
    copy.chained = chained;
    copy.placeLike(this);
    return copy;
  }
}
