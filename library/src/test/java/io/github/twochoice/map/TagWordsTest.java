/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.hash.ChoiceHasher;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The word search against a byte-by-byte comparison, on random words of tags and free slots (fixed
 * seed): every slot holding the tag is flagged, the lowest flag is always a true match, and a free
 * slot is never flagged.
 */
class TagWordsTest {
  private static final int WORDS = 200_000;

  /** Random slot bytes: free (0) a quarter of the time, otherwise one of eight tags. */
  private static byte[] randomSlots(SplittableRandom random, int count) {
    byte[] slots = new byte[count];
    for (int j = 0; j < count; j++) {
      slots[j] = random.nextInt(4) == 0 ? 0 : (byte) ChoiceHasher.tag(random.nextInt(8));
    }
    return slots;
  }

  private static List<Byte> asList(byte[] slots) {
    List<Byte> list = new ArrayList<>();
    for (byte b : slots) {
      list.add(b);
    }
    return list;
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
  private static void assertFlags(byte[] slots, byte tag, long flags) {
    assertEquals(0, flags & ~0x8080_8080_8080_8080L);
    int lowestMatch = slots.length;
    for (int j = slots.length - 1; j >= 0; j--) {
      boolean flagged = (flags >>> (8 * j + 7) & 1) != 0;
      if (slots[j] == tag) {
        assertTrue(flagged, "match not flagged");
        lowestMatch = j;
      }
      assertTrue(!flagged || slots[j] != 0, "free slot flagged");
    }
    assertEquals(lowestMatch, Math.min(slots.length, Long.numberOfTrailingZeros(flags) >>> 3));
  }

  @Test
  void wordsFlagEveryMatchAndNoFreeSlot() {
    SplittableRandom random = new SplittableRandom(11);
    for (int w = 0; w < WORDS; w++) {
      byte[] slots = randomSlots(random, 8);
      int tag = ChoiceHasher.tag(random.nextInt(8));
      long flags = TagWords.matches(word(slots), TagWords.repeated(tag));
      assertFlags(slots, (byte) tag, flags);
      assertEquals(
          8 - Collections.frequency(asList(slots), (byte) 0), TagWords.loadOf(word(slots)));
    }
  }

  @Test
  void candidateSlotsOfTheFirstBucketUseBit7AndOfTheSecondBit6() {
    for (int j = 0; j < 8; j++) {
      assertEquals(40 + j, TagWords.candidateSlot(8 * j + 7, 40, 16));
      assertEquals(16 + j, TagWords.candidateSlot(8 * j + 6, 40, 16));
    }
  }
}
