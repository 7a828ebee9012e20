/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;

/**
 * The family of hash functions a map draws its hash function from, a seed choosing one function of
 * the family ({@link MapBuilder#hashFamily}). Each states what it guarantees for keys with
 * <em>distinct</em> hash codes x (the function sees only the 32-bit hash code), and the serialized
 * form of a map names its family by the constant's name.
 *
 * <p>Every map uses {@link #STRONG_MIXER} unless told otherwise, and that is the one to use. The
 * others are there to measure what a map's loads owe to its hash function: the same keys in the
 * same map under a 2-independent or a 3-independent family, and under {@link #IDENTITY}, no
 * randomness at all, the baseline that shows what structured keys such as consecutive integers do
 * without a hash function.
 *
 * @since 0.1.0
 */
public enum HashFamily {
  /**
   * {@code fmix64(x ^ seed)}, the MurmurHash3 finalizer: no independence is proven, but it is a
   * bijection whose every output bit depends on every input bit, and it behaves like a random
   * function in every test of this project. The default.
   */
  STRONG_MIXER("none proven; bijective, full avalanche; behaves as random in practice") {
    @Override
    ChoiceHasher hasher(long seed) {
      return ChoiceHasher.seeded(seed);
    }
  },

  /**
   * Dietzfelbinger's multiply-add-shift, {@code ((a x + b) mod 2^64) >>> 32} with random 64-bit a
   * and b, once for each half of the hash: 2-independent (strongly universal) on 32-bit keys, so
   * two given keys collide with probability 2<sup>-32</sup> per half. Enough for expected chain
   * lengths; the O(log log n) two-choice bound is not known to follow from 2-independence alone.
   */
  MULTIPLY_SHIFT("2-independent (strongly universal)") {
    @Override
    ChoiceHasher hasher(long seed) {
      return ChoiceHasher.multiplyShift(seed);
    }
  },

  /**
   * Simple tabulation: the four bytes of x index four tables of random 64-bit words, which are
   * XORed. Only 3-independent, yet Pătraşcu and Thorup ("The power of simple tabulation hashing",
   * JACM 2012) showed it gives chaining and linear probing their random-function bounds, and
   * Dahlgaard et al. (2016) the O(log log n) maximum load of two choices. Cuckoo hashing is the
   * exception: with simple tabulation a table of n keys fails to build with probability
   * Θ(n<sup>-1/3</sup>), a bound Pătraşcu and Thorup prove tight, where random functions fail with
   * probability O(1/n).
   */
  TABULATION(
      "3-independent; random-like for chaining and two choices;"
          + " cuckoo fails with probability n^(-1/3) (Patrascu-Thorup)") {
    @Override
    ChoiceHasher hasher(long seed) {
      return ChoiceHasher.tabulation(seed);
    }
  },

  /**
   * The hash code itself, in both halves: no randomness, the seed is ignored. Buckets come from the
   * high bits, so keys whose hash codes differ only in their low bits — consecutive integers —
   * share a bucket: the bad example.
   */
  IDENTITY("none: deterministic; consecutive keys collide under multiply-shift range reduction") {
    @Override
    ChoiceHasher hasher(long seed) {
      return ChoiceHasher.identity(seed);
    }
  };

  private final String independence;

  HashFamily(String independence) {
    this.independence = independence;
  }

  /** Returns the function of this family chosen by {@code seed}. */
  abstract ChoiceHasher hasher(long seed);

  /** Returns the family {@code hasher} was drawn from. */
  static HashFamily of(ChoiceHasher hasher) {
    for (HashFamily family : values()) {
      if (family.hasher(hasher.seed()).equals(hasher)) {
        return family;
      }
    }
    throw new IllegalArgumentException("hasher of no family: " + hasher);
  }

  /**
   * Returns a one-line statement of what this family guarantees.
   *
   * @return the family's independence guarantee
   */
  public String independence() {
    return independence;
  }
}
