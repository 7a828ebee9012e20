/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.hash;

import java.io.Serializable;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Turns a key's {@code hashCode()} into d bucket choices: a per-map seed, a strong 64-bit mix, and
 * d choices derived by double hashing.
 *
 * <p>The key's 32-bit {@code hashCode()} is combined with a 64-bit seed and passed through the
 * MurmurHash3 finalizer ({@code fmix64}), a bijection on 64-bit values whose output bits each
 * depend on every input bit. The high and low halves of the result, {@code h1} and {@code h2}, give
 * the i-th <em>choice hash</em> {@code g_i = h1 + i * h2} (mod 2<sup>32</sup>), which is enough for
 * balanced allocations (double hashing behaves like independent choices for this purpose). A choice
 * hash becomes a bucket index in a table of any size by the multiply-shift range reduction {@link
 * #bucket(int, int)}, which uses its high bits; the low bits remain free for use as a fingerprint.
 *
 * <p>Keys with equal {@code hashCode()} get equal choices under every seed: no hash derived from
 * the hash code can separate them, so every map keeps a bounded fallback for them.
 *
 * <p>Cost: two 64-bit multiplications per {@link #hash(Object)} plus the key's own {@code
 * hashCode()}; one addition and one multiplication per choice. Instances are immutable.
 */
public final class ChoiceHasher implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The seed combined with every hash code. */
  private final long seed;

  private ChoiceHasher(long seed) {
    this.seed = seed;
  }

  /**
   * Returns a hasher with the given seed, for reproducible tables and experiments.
   *
   * @param seed any 64-bit value
   * @return a hasher whose choices depend only on the seed and the keys' hash codes
   */
  public static ChoiceHasher seeded(long seed) {
    return new ChoiceHasher(seed);
  }

  /**
   * Returns a hasher with a fresh random seed: the default of every map, so that copying one map
   * into another, or keys crafted against one seed, cannot produce long chains.
   *
   * @return a hasher with an unpredictable seed
   */
  public static ChoiceHasher randomlySeeded() {
    return new ChoiceHasher(ThreadLocalRandom.current().nextLong());
  }

  /**
   * Returns this hasher's seed.
   *
   * @return the seed
   */
  public long seed() {
    return seed;
  }

  /**
   * Returns the 64-bit mixed hash of a key, from which its choices are derived.
   *
   * @param key a key, possibly {@code null} (hashed as hash code 0)
   * @return the key's mixed hash under this hasher's seed
   */
  public long hash(Object key) {
    return mix(key == null ? 0 : key.hashCode(), seed);
  }

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
   * Returns the choice hash {@code g_i = h1 + i * h2} for choice {@code index} of a mixed hash.
   *
   * @param hash a mixed hash from {@link #hash(Object)}
   * @param index the choice number, from 0
   * @return the 32-bit choice hash
   */
  public static int choice(long hash, int index) {
    return (int) (hash >>> 32) + index * (int) hash;
  }

  /**
   * Maps a choice hash to a bucket in {@code [0, buckets)} by multiply-shift: the high bits of the
   * unsigned choice hash decide, so any table size works and the low bits stay a fingerprint.
   *
   * @param choiceHash a choice hash from {@link #choice(long, int)}
   * @param buckets the number of buckets, positive
   * @return the bucket index
   */
  public static int bucket(int choiceHash, int buckets) {
    return (int) (((choiceHash & 0xFFFF_FFFFL) * buckets) >>> 32);
  }

  /**
   * Returns an 8-bit fingerprint of a choice hash: its low 8 bits, which {@link #bucket} does not
   * use for tables of up to 2<sup>24</sup> buckets, with 0 replaced by 1 so that 0 can mark an
   * empty slot. Two different keys in one bucket share a fingerprint with probability about 1/255.
   *
   * @param choiceHash a choice hash from {@link #choice(long, int)}
   * @return a non-zero byte
   */
  public static byte fingerprint(int choiceHash) {
    int f = choiceHash & 0xFF;
    return (byte) (f | ((f - 1) >>> 31));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ChoiceHasher other && other.seed == seed;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(seed);
  }

  @Override
  public String toString() {
    return "ChoiceHasher[seed=" + seed + "]";
  }
}
