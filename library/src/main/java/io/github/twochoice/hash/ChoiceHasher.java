/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.hash;

import java.io.Serializable;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Turns a key's {@code hashCode()} into d bucket choices: a function drawn by seed from a family, a
 * 64-bit hash, and d choices derived from it by double hashing.
 *
 * <p>The high and low halves of a key's 64-bit hash, {@code h1} and {@code h2}, give the i-th
 * <em>choice hash</em> {@code g_i = h1 + i * h2} (mod 2<sup>32</sup>), which is enough for balanced
 * allocations (double hashing behaves like independent choices for this purpose). A choice hash
 * becomes a bucket index in a table of any size by the multiply-shift range reduction {@link
 * #bucket(int, int)}, which uses its high bits; the low bits remain free for a {@link #tag(int)
 * tag}.
 *
 * <p>The default, {@link #seeded(long)}, is the strong mixer: the hash code combined with a 64-bit
 * seed and passed through the MurmurHash3 finalizer ({@code fmix64}). The other families, {@link
 * #multiplyShift}, {@link #tabulation} and {@link #identity}, measure what a map's loads owe to its
 * hash function; the maps name them by the public {@code HashFamily} of their package.
 *
 * <p>Keys with equal {@code hashCode()} get equal choices under every seed and family: no hash
 * derived from the hash code can separate them, so every map keeps them in an overflow area (O(log
 * n) per operation for {@code Comparable} keys).
 *
 * <p>Cost: the key's own {@code hashCode()} plus a few multiplications (the strong mixer: two) or
 * four table lookups (tabulation) per {@link #hash(Object)}; one addition and one multiplication
 * per choice. Instances are immutable and serializable.
 *
 * @since 0.1.0
 */
public abstract sealed class ChoiceHasher implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The seed that chose this function from its family. */
  private final long seed;

  ChoiceHasher(long seed) {
    this.seed = seed;
  }

  /**
   * Returns the strong-mixer hasher with the given seed, for reproducible tables and experiments.
   *
   * @param seed any 64-bit value
   * @return a hasher whose choices depend only on the seed and the keys' hash codes
   */
  public static ChoiceHasher seeded(long seed) {
    return new StrongMixer(seed);
  }

  /**
   * Returns a strong-mixer hasher with a fresh random seed: the default of every map, so that
   * copying one map into another, or keys crafted against one seed, cannot produce long chains.
   *
   * @return a hasher with an unpredictable seed
   */
  public static ChoiceHasher randomlySeeded() {
    return seeded(ThreadLocalRandom.current().nextLong());
  }

  /**
   * Returns the function of Dietzfelbinger's multiply-add-shift family chosen by {@code seed}:
   * {@code ((a x + b) mod 2^64) >>> 32} with random 64-bit a and b, once for each half of the hash;
   * 2-independent on 32-bit hash codes.
   *
   * @param seed any 64-bit value
   * @return a hasher
   */
  public static ChoiceHasher multiplyShift(long seed) {
    return new MultiplyShift(seed);
  }

  /**
   * Returns the simple tabulation function chosen by {@code seed}: the four bytes of the hash code
   * index four tables of random 64-bit words, which are XORed; 3-independent.
   *
   * @param seed any 64-bit value
   * @return a hasher
   */
  public static ChoiceHasher tabulation(long seed) {
    return new Tabulation(seed);
  }

  /**
   * Returns the identity: the hash code itself in both halves of the hash, no randomness; {@code
   * seed} is kept but changes nothing.
   *
   * @param seed any 64-bit value
   * @return a hasher
   */
  public static ChoiceHasher identity(long seed) {
    return new Identity(seed);
  }

  /**
   * Returns the seed that chose this function from its family (ignored by the {@link #identity}).
   *
   * @return the seed
   */
  public long seed() {
    return seed;
  }

  /**
   * Returns the 64-bit hash of a key, from which its choices are derived.
   *
   * @param key a key, possibly {@code null} (hashed as hash code 0)
   * @return the key's hash under this hasher
   */
  public final long hash(Object key) {
    return hashOf(key == null ? 0 : key.hashCode());
  }

  /**
   * Returns the 64-bit hash of a 32-bit hash code.
   *
   * @param hashCode a key's hash code
   * @return its hash under this hasher
   */
  public abstract long hashOf(int hashCode);

  /**
   * Mixes a 32-bit hash code with a seed: the MurmurHash3 64-bit finalizer of {@code hashCode ^
   * seed}. Distinct hash codes give distinct results.
   *
   * @param hashCode a key's hash code
   * @param seed the seed
   * @return the mixed 64-bit hash
   */
  public static long mix(int hashCode, long seed) {
    long x = hashCode ^ seed;
    x = (x ^ (x >>> 33)) * 0xFF51AFD7ED558CCDL;
    x = (x ^ (x >>> 33)) * 0xC4CEB9FE1A85EC53L;
    return x ^ (x >>> 33);
  }

  /**
   * Returns the choice hash {@code g_i = h1 + i * h2} for choice {@code index} of a 64-bit hash.
   *
   * @param hash a hash from {@link #hash(Object)}
   * @param index the choice number, from 0
   * @return the 32-bit choice hash
   */
  public static int choice(long hash, int index) {
    return (int) (hash >>> 32) + index * (int) hash;
  }

  /**
   * Maps a choice hash to a bucket in {@code [0, buckets)} by multiply-shift: the high bits of the
   * unsigned choice hash decide, so any table size works and the low bits stay a tag.
   *
   * @param choiceHash a choice hash from {@link #choice(long, int)}
   * @param buckets the number of buckets, positive
   * @return the bucket index
   */
  public static int bucket(int choiceHash, int buckets) {
    return (int) (((choiceHash & 0xFFFF_FFFFL) * buckets) >>> 32);
  }

  /**
   * Returns the tag of a choice hash: its low 7 bits, which {@link #bucket} does not use for tables
   * of up to 2<sup>25</sup> buckets, with the high bit set. The set high bit keeps 0 free to mark
   * an empty slot and lets a word of tags be searched with the four-operation zero-byte test {@code
   * (x - 0x01..01) & ~x & 0x80..80}: an empty slot's byte never matches. Two different keys share a
   * tag with probability 1/128.
   *
   * @param choiceHash a choice hash from {@link #choice(long, int)}
   * @return a value in [128, 255]: one byte with its high bit set
   */
  public static int tag(int choiceHash) {
    return (choiceHash & 0x7F) | 0x80;
  }

  /** Two hashers are equal if they are the same function: same family and seed. */
  @Override
  public boolean equals(Object o) {
    return o != null && o.getClass() == getClass() && ((ChoiceHasher) o).seed == seed;
  }

  @Override
  public int hashCode() {
    return 31 * getClass().hashCode() + Long.hashCode(seed);
  }

  @Override
  public String toString() {
    return "ChoiceHasher[" + getClass().getSimpleName() + ", seed=" + seed + "]";
  }

  /** The strong mixer: {@link #mix} of the hash code and the seed. */
  static final class StrongMixer extends ChoiceHasher {
    private static final long serialVersionUID = 1L;

    StrongMixer(long seed) {
      super(seed);
    }

    @Override
    public long hashOf(int hashCode) {
      return mix(hashCode, seed());
    }
  }

  /** {@link #multiplyShift}: {@code h = (a x + b) >>> 32} twice, one per half. */
  static final class MultiplyShift extends ChoiceHasher {
    private static final long serialVersionUID = 1L;
    private final long a1;
    private final long b1;
    private final long a2;
    private final long b2;

    MultiplyShift(long seed) {
      super(seed);
      SplittableRandom random = new SplittableRandom(seed);
      a1 = random.nextLong();
      b1 = random.nextLong();
      a2 = random.nextLong();
      b2 = random.nextLong();
    }

    @Override
    public long hashOf(int hashCode) {
      long x = hashCode & 0xFFFF_FFFFL;
      return ((a1 * x + b1) & 0xFFFF_FFFF_0000_0000L) | ((a2 * x + b2) >>> 32);
    }
  }

  /** {@link #tabulation}: four tables of 256 random words, one per byte, XORed. */
  static final class Tabulation extends ChoiceHasher {
    private static final long serialVersionUID = 1L;
    private final transient long[] table; // 4 x 256 words, rebuilt from the seed

    Tabulation(long seed) {
      super(seed);
      SplittableRandom random = new SplittableRandom(seed);
      table = new long[4 * 256];
      for (int i = 0; i < table.length; i++) {
        table[i] = random.nextLong();
      }
    }

    @Override
    public long hashOf(int hashCode) {
      long[] t = table;
      return t[hashCode & 0xFF]
          ^ t[256 + ((hashCode >>> 8) & 0xFF)]
          ^ t[512 + ((hashCode >>> 16) & 0xFF)]
          ^ t[768 + (hashCode >>> 24)];
    }

    /** The tables are not serialized: they follow from the seed. */
    private Object readResolve() {
      return new Tabulation(seed());
    }
  }

  /** {@link #identity}: the hash code itself in both halves. */
  static final class Identity extends ChoiceHasher {
    private static final long serialVersionUID = 1L;

    Identity(long seed) {
      super(seed);
    }

    @Override
    public long hashOf(int hashCode) {
      return ((long) hashCode << 32) | (hashCode & 0xFFFF_FFFFL);
    }
  }
}
