/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

/**
 * Word-at-a-time (SWAR) search of a bucket's tags: the 8 slots of a bucket keep one byte each in a
 * {@code long}, byte j for slot j, holding the slot's 7-bit tag with the high bit set, or 0 for a
 * free slot ({@link BucketTable}).
 *
 * <p>Because every tag has its high bit set and a free slot is 0, the zero-byte test {@code (x -
 * 0x01..01) & ~x & 0x80..80} on {@code x = word ^ pattern} flags the candidates: exact for the
 * lowest matching byte; a byte above a match may be flagged falsely (a borrow), never a free slot,
 * whose byte differs from every tag in the high bit. Callers confirm a candidate with {@code
 * equals}. The flags of two buckets are merged into one word, the first bucket's on bit 7 of each
 * byte and the second's, shifted right by one, on bit 6; {@link #candidateSlot} turns a set bit
 * back into a slot without a branch.
 *
 * <p>Cost: a few arithmetic operations, no branch, no allocation.
 */
final class TagWords {
  /** Bit 7 of every byte: the occupied flags of a bucket word. */
  static final long OCCUPIED = 0x8080_8080_8080_8080L;

  private static final long LOW_BITS = 0x0101_0101_0101_0101L;

  private TagWords() {}

  /** Returns {@code tag} (a byte with its high bit set) in each of the eight bytes of a word. */
  static long repeated(int tag) {
    return (tag & 0xFFL) * LOW_BITS;
  }

  /**
   * Returns bit 7 of byte j set where byte j of {@code word} may equal the tag repeated in every
   * byte of {@code pattern}.
   */
  static long matches(long word, long pattern) {
    long x = word ^ pattern;
    return (x - LOW_BITS) & ~x & OCCUPIED;
  }

  /** Returns the number of occupied slots of a bucket word. */
  static int loadOf(long word) {
    return Long.bitCount(word & OCCUPIED);
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
