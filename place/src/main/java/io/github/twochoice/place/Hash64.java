/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import java.util.Objects;

/**
 * The 64-bit hash functions every placement of this package is built from: FNV-1a 64 over the UTF-8
 * bytes of a string (Fowler, Noll and Vo), the SplitMix64 finalizer (Steele, Lea and Flood, "Fast
 * splittable pseudorandom number generators", OOPSLA 2014), and the map from a hash to a uniform
 * number in the open interval (0, 1).
 *
 * <p>FNV-1a is simple and fast but a poor mixer: strings that differ only in their last bytes get
 * hashes that differ by small multiples of the FNV prime, so they stay close together. SplitMix64's
 * finalizer is a bijection of 64-bit words in which every input bit affects every output bit; a
 * placement applies it last, to the FNV hash of a key or to the combination of a key's and a node's
 * hash ({@link PairHash#standard()}).
 *
 * <p>Cost: FNV-1a takes one XOR and one multiplication per UTF-8 byte; the string version encodes
 * on the fly and allocates nothing. The finalizer takes two multiplications. All methods are pure
 * functions.
 *
 * @since 0.1.0
 */
public final class Hash64 {
  private static final long FNV_OFFSET_BASIS = 0xcbf29ce484222325L;
  private static final long FNV_PRIME = 0x100000001b3L;

  private Hash64() {}

  /**
   * Returns the FNV-1a 64 hash of some bytes: starting from the offset basis {@code
   * 0xcbf29ce484222325}, each byte is XORed into the hash, which is then multiplied by the prime
   * {@code 0x100000001b3}.
   *
   * @param bytes the bytes to hash
   * @return their FNV-1a 64 hash
   * @throws NullPointerException if {@code bytes} is null
   */
  public static long fnv1a64(byte[] bytes) {
    Objects.requireNonNull(bytes, "bytes");
    long hash = FNV_OFFSET_BASIS;
    for (byte b : bytes) {
      hash = (hash ^ (b & 0xFF)) * FNV_PRIME;
    }
    return hash;
  }

  /**
   * Returns the FNV-1a 64 hash of a string's UTF-8 encoding, equal to {@code
   * fnv1a64(s.getBytes(StandardCharsets.UTF_8))} but without building the byte array. Like {@link
   * String#getBytes(java.nio.charset.Charset)}, it encodes an unpaired surrogate as {@code '?'}.
   *
   * @param s the string to hash
   * @return the FNV-1a 64 hash of its UTF-8 bytes
   * @throws NullPointerException if {@code s} is null
   */
  public static long fnv1a64(String s) {
    Objects.requireNonNull(s, "s");
    long hash = FNV_OFFSET_BASIS;
    int length = s.length();
    for (int i = 0; i < length; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        hash = (hash ^ c) * FNV_PRIME;
      } else if (c < 0x800) {
        hash = (hash ^ (0xC0 | (c >>> 6))) * FNV_PRIME;
        hash = (hash ^ (0x80 | (c & 0x3F))) * FNV_PRIME;
      } else if (!Character.isSurrogate(c)) {
        hash = (hash ^ (0xE0 | (c >>> 12))) * FNV_PRIME;
        hash = (hash ^ (0x80 | ((c >>> 6) & 0x3F))) * FNV_PRIME;
        hash = (hash ^ (0x80 | (c & 0x3F))) * FNV_PRIME;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < length
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        int codePoint = Character.toCodePoint(c, s.charAt(++i));
        hash = (hash ^ (0xF0 | (codePoint >>> 18))) * FNV_PRIME;
        hash = (hash ^ (0x80 | ((codePoint >>> 12) & 0x3F))) * FNV_PRIME;
        hash = (hash ^ (0x80 | ((codePoint >>> 6) & 0x3F))) * FNV_PRIME;
        hash = (hash ^ (0x80 | (codePoint & 0x3F))) * FNV_PRIME;
      } else {
        hash = (hash ^ '?') * FNV_PRIME;
      }
    }
    return hash;
  }

  /**
   * Returns the SplitMix64 finalizer of a word: {@code z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9; z
   * = (z ^ (z >>> 27)) * 0x94d049bb133111eb; z ^ (z >>> 31)}. It is a bijection, so distinct inputs
   * give distinct outputs; {@code splitmix64(0x9e3779b97f4a7c15)} is {@code 0xe220a8397b1dcdaf},
   * the first output of the SplitMix64 generator seeded with 0.
   *
   * @param z any 64-bit word
   * @return the mixed word
   */
  public static long splitmix64(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /**
   * Returns {@code splitmix64(fnv1a64(s))}: the well-mixed hash of a string from which {@link
   * HashRing}, {@link ModN} and {@link LookupTable} place a key.
   *
   * @param s the string to hash
   * @return its mixed 64-bit hash
   * @throws NullPointerException if {@code s} is null
   */
  public static long mixedFnv1a64(String s) {
    return splitmix64(fnv1a64(s));
  }

  /**
   * Maps a 64-bit hash to a number in the open interval (0, 1): its high 52 bits {@code k} become
   * {@code (k + 0.5) / 2^52}. A uniform hash gives a uniform number among 2<sup>52</sup> equally
   * spaced values, from 2<sup>-53</sup> to 1 − 2<sup>-53</sup>. Both ends stay out of reach, so a
   * logarithm of the result is finite and negative. (With 53 bits, {@code k + 0.5} would not be
   * exact: for the largest k it rounds up to 2<sup>53</sup>, and the result to 1.)
   *
   * @param hash any 64-bit hash
   * @return a number strictly between 0 and 1
   */
  public static double toOpenUnitInterval(long hash) {
    return ((hash >>> 12) + 0.5) * 0x1.0p-52;
  }
}
