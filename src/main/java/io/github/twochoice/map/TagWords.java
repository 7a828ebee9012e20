/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

/**
 * Word-at-a-time (SWAR) search of fingerprint bytes, shared by {@link DLeftHashMap} (a bucket's 8
 * fingerprints in one {@code long}) and {@link CuckooTable} (4 in one {@code int}).
 *
 * <p>Fingerprints have their high bit set and free slots hold 0 ({@link
 * io.github.twochoice.hash.ChoiceHasher#fingerprint}), so the four-operation zero-byte test {@code
 * (x - 0x01..01) & ~x & 0x80..80} on {@code x = word ^ pattern} flags the candidates: exact for the
 * lowest matching byte; a byte above a match may be flagged falsely (a borrow), never a free slot,
 * whose byte differs from every fingerprint in the high bit. Callers confirm a candidate with
 * {@code equals}. The flags of two buckets are merged into one word, the first bucket's on bit 7 of
 * each byte and the second's, shifted right by one, on bit 6; {@link #candidateSlot} turns a set
 * bit back into a slot without a branch.
 *
 * <p>Cost: a few arithmetic operations, no branch, no allocation.
 */
final class FingerprintWords {
  private FingerprintWords() {}

  /** Returns {@code fingerprint} in each of the four bytes of an {@code int}. */
  static int repeatedInInt(byte fingerprint) {
    return (fingerprint & 0xFF) * 0x0101_0101;
  }

  /** Returns {@code fingerprint} in each of the eight bytes of a {@code long}. */
  static long repeatedInLong(byte fingerprint) {
    return (fingerprint & 0xFFL) * 0x0101_0101_0101_0101L;
  }

  /**
   * Returns bit 7 of byte j set where byte j of {@code word} may equal the fingerprint repeated in
   * every byte of {@code pattern}.
   */
  static int matches(int word, int pattern) {
    int x = word ^ pattern;
    return (x - 0x0101_0101) & ~x & 0x8080_8080;
  }

  /** {@link #matches(int, int)} for eight fingerprints. */
  static long matches(long word, long pattern) {
    long x = word ^ pattern;
    return (x - 0x0101_0101_0101_0101L) & ~x & 0x8080_8080_8080_8080L;
  }

  /**
   * Returns the slot named by a set bit of {@code matches(w1, p) | matches(w2, p) >>> 1}: byte
   * {@code bit / 8} of the first bucket (starting at slot {@code first}) if the bit is bit 7 of its
   * byte, of the second bucket (starting at {@code second}) if it is bit 6.
   */
  static int candidateSlot(int bit, int first, int second) {
    return second + ((first - second) & -(bit & 1)) + (bit >>> 3);
  }
}
