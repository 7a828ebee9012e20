/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.hash.ChoiceHasher;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The word search against a byte-by-byte comparison, on random words of fingerprints and free slots
 * (fixed seed): every slot holding the fingerprint is flagged, the lowest flag is always a true
 * match, and a free slot is never flagged.
 */
class FingerprintWordsTest {
  private static final int WORDS = 200_000;

  /** A random slot byte: free (0) a quarter of the time, otherwise a fingerprint. */
  private static byte slot(SplittableRandom random) {
    return random.nextInt(4) == 0 ? 0 : ChoiceHasher.fingerprint(random.nextInt(8));
  }

  @Test
  void longWordsFlagEveryMatchAndNoFreeSlot() {
    SplittableRandom random = new SplittableRandom(11);
    for (int w = 0; w < WORDS; w++) {
      byte[] slots = new byte[8];
      long word = 0;
      for (int j = 0; j < 8; j++) {
        slots[j] = slot(random);
        word |= (slots[j] & 0xFFL) << (8 * j);
      }
      byte fingerprint = ChoiceHasher.fingerprint(random.nextInt(8));
      long flags = FingerprintWords.matches(word, FingerprintWords.repeatedInLong(fingerprint));
      assertEquals(0, flags & ~0x8080_8080_8080_8080L);
      int lowestMatch = 8;
      for (int j = 7; j >= 0; j--) {
        boolean flagged = (flags >>> (8 * j + 7) & 1) != 0;
        if (slots[j] == fingerprint) {
          assertTrue(flagged, "match not flagged");
          lowestMatch = j;
        }
        assertTrue(!flagged || slots[j] != 0, "free slot flagged");
      }
      assertEquals(lowestMatch, Long.numberOfTrailingZeros(flags) >>> 3);
    }
  }

  @Test
  void intWordsFlagEveryMatchAndNoFreeSlot() {
    SplittableRandom random = new SplittableRandom(12);
    for (int w = 0; w < WORDS; w++) {
      byte[] slots = new byte[4];
      int word = 0;
      for (int j = 0; j < 4; j++) {
        slots[j] = slot(random);
        word |= (slots[j] & 0xFF) << (8 * j);
      }
      byte fingerprint = ChoiceHasher.fingerprint(random.nextInt(8));
      int flags = FingerprintWords.matches(word, FingerprintWords.repeatedInInt(fingerprint));
      assertEquals(0, flags & ~0x8080_8080);
      int lowestMatch = 4;
      for (int j = 3; j >= 0; j--) {
        boolean flagged = (flags >>> (8 * j + 7) & 1) != 0;
        if (slots[j] == fingerprint) {
          assertTrue(flagged, "match not flagged");
          lowestMatch = j;
        }
        assertTrue(!flagged || slots[j] != 0, "free slot flagged");
      }
      assertEquals(lowestMatch, Integer.numberOfTrailingZeros(flags) >>> 3);
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
