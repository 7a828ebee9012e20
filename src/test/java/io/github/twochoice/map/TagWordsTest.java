/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.hash.ChoiceHasher;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The word search against a byte-by-byte comparison, on random words of fingerprints and free slots
 * (fixed seed): every slot holding the fingerprint is flagged, the lowest flag is always a true
 * match, and a free slot is never flagged.
 */
class FingerprintWordsTest {
  private static final int WORDS = 200_000;

  /** Random slot bytes: free (0) a quarter of the time, otherwise one of eight fingerprints. */
  private static byte[] randomSlots(SplittableRandom random, int count) {
    byte[] slots = new byte[count];
    for (int j = 0; j < count; j++) {
      slots[j] = random.nextInt(4) == 0 ? 0 : ChoiceHasher.fingerprint(random.nextInt(8));
    }
    return slots;
  }

  /** The slot bytes as one little-endian word. */
  private static long word(byte[] slots) {
    long word = 0;
    for (int j = 0; j < slots.length; j++) {
      word |= (slots[j] & 0xFFL) << (8 * j);
    }
    return word;
  }

  /** Checks {@code flags} (bit 7 of byte j for slot j) against a byte-by-byte comparison. */
  private static void assertFlags(byte[] slots, byte fingerprint, long flags) {
    assertEquals(0, flags & ~0x8080_8080_8080_8080L);
    int lowestMatch = slots.length;
    for (int j = slots.length - 1; j >= 0; j--) {
      boolean flagged = (flags >>> (8 * j + 7) & 1) != 0;
      if (slots[j] == fingerprint) {
        assertTrue(flagged, "match not flagged");
        lowestMatch = j;
      }
      assertTrue(!flagged || slots[j] != 0, "free slot flagged");
    }
    assertEquals(lowestMatch, Math.min(slots.length, Long.numberOfTrailingZeros(flags) >>> 3));
  }

  /** Eight random slots as a {@code long} word, their first four as an {@code int} word. */
  @Test
  void wordsFlagEveryMatchAndNoFreeSlot() {
    SplittableRandom random = new SplittableRandom(11);
    for (int w = 0; w < WORDS; w++) {
      byte[] slots = randomSlots(random, 8);
      byte fingerprint = ChoiceHasher.fingerprint(random.nextInt(8));
      long longFlags =
          FingerprintWords.matches(word(slots), FingerprintWords.repeatedInLong(fingerprint));
      assertFlags(slots, fingerprint, longFlags);
      int intFlags =
          FingerprintWords.matches((int) word(slots), FingerprintWords.repeatedInInt(fingerprint));
      assertFlags(Arrays.copyOf(slots, 4), fingerprint, intFlags & 0xFFFF_FFFFL);
    }
  }

  @Test
  void candidateSlotsOfTheFirstBucketUseBit7AndOfTheSecondBit6() {
    for (int j = 0; j < 8; j++) {
      assertEquals(40 + j, FingerprintWords.candidateSlot(8 * j + 7, 40, 16));
      assertEquals(16 + j, FingerprintWords.candidateSlot(8 * j + 6, 40, 16));
    }
  }
}
