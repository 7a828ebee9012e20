/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

/**
 * Each family computes exactly the function its documentation defines, recomputed here from the
 * definition for hash codes that exercise every byte and both halves: the MurmurHash3 finalizer,
 * multiply-add-shift with four words drawn from the seed, and simple tabulation in which every byte
 * of the hash code indexes its own table. Also the range reduction at its edges and the hasher's
 * identity (equals, hashCode, toString).
 */
class HashFunctionDefinitionTest {
  /** Hash codes with every byte in play: each byte alone, all bytes, signs, and a spread. */
  private static int[] hashCodes() {
    int[] codes = new int[4 * 256 + 200];
    int n = 0;
    for (int shift = 0; shift < 32; shift += 8) {
      for (int b = 0; b < 256; b++) {
        codes[n++] = b << shift;
      }
    }
    SplittableRandom random = new SplittableRandom(1);
    while (n < codes.length) {
      codes[n++] = random.nextInt();
    }
    return codes;
  }

  private static long fmix64(long x) {
    x ^= x >>> 33;
    x *= 0xFF51AFD7ED558CCDL;
    x ^= x >>> 33;
    x *= 0xC4CEB9FE1A85EC53L;
    x ^= x >>> 33;
    return x;
  }

  @Test
  void theStrongMixerIsTheMurmurFinalizerOfTheSeededHashCode() {
    for (long seed : new long[] {0, 1, -1, 0x1234_5678_9ABC_DEF0L}) {
      ChoiceHasher h = ChoiceHasher.seeded(seed);
      assertEquals(ChoiceHasher.seeded(seed), h);
      for (int code : hashCodes()) {
        long expected = fmix64(code ^ seed); // the hash code sign-extended, as Java does
        assertEquals(expected, h.hashOf(code), "seed " + seed + ", code " + code);
        assertEquals(expected, ChoiceHasher.mix(code, seed));
      }
    }
    // a known value: fmix64(1), independent of the code above
    assertEquals(0xB456BCFC34C2CB2CL, ChoiceHasher.mix(1, 0));
  }

  @Test
  void multiplyShiftTakesTheHighHalfOfTwoAffineMaps() {
    for (long seed : new long[] {0, 7, -3}) {
      SplittableRandom random = new SplittableRandom(seed);
      long a1 = random.nextLong();
      long b1 = random.nextLong();
      long a2 = random.nextLong();
      long b2 = random.nextLong();
      ChoiceHasher h = ChoiceHasher.multiplyShift(seed);
      for (int code : hashCodes()) {
        long x = code & 0xFFFF_FFFFL; // the hash code as an unsigned 32-bit number
        long high = (a1 * x + b1) >>> 32;
        long low = (a2 * x + b2) >>> 32;
        assertEquals((high << 32) | low, h.hashOf(code), "seed " + seed + ", code " + code);
      }
    }
  }

  @Test
  void tabulationXorsOneTableEntryPerByte() {
    for (long seed : new long[] {0, 5, Long.MIN_VALUE}) {
      SplittableRandom random = new SplittableRandom(seed);
      long[][] tables = new long[4][256];
      for (long[] table : tables) {
        for (int i = 0; i < 256; i++) {
          table[i] = random.nextLong();
        }
      }
      ChoiceHasher h = ChoiceHasher.tabulation(seed);
      for (int code : hashCodes()) {
        long expected = 0;
        for (int b = 0; b < 4; b++) {
          expected ^= tables[b][(code >>> (8 * b)) & 0xFF];
        }
        assertEquals(expected, h.hashOf(code), "seed " + seed + ", code " + code);
      }
    }
  }

  @Test
  void everyByteOfAHashCodeChangesItsTabulationHash() {
    ChoiceHasher h = ChoiceHasher.tabulation(11);
    for (int shift = 0; shift < 32; shift += 8) {
      Set<Long> seen = new HashSet<>();
      for (int b = 0; b < 256; b++) {
        assertTrue(seen.add(h.hashOf(b << shift)), "byte at bit " + shift + " value " + b);
      }
    }
    // the top byte is read unsigned: codes with the sign bit set reach the last table
    assertNotEquals(h.hashOf(0x8000_0000), h.hashOf(0));
    assertNotEquals(h.hashOf(0xFF00_0000), h.hashOf(0x7F00_0000));
  }

  @Test
  void theIdentityRepeatsTheHashCodeInBothHalves() {
    ChoiceHasher h = ChoiceHasher.identity(123);
    for (int code : hashCodes()) {
      long unsigned = code & 0xFFFF_FFFFL;
      assertEquals((unsigned << 32) | unsigned, h.hashOf(code));
      assertEquals(code, ChoiceHasher.choice(h.hashOf(code), 0));
    }
    assertEquals(0xFFFF_FFFF_FFFF_FFFFL, h.hashOf(-1));
    assertEquals(ChoiceHasher.identity(456).hashOf(99), h.hashOf(99), "the seed is ignored");
  }

  @Test
  void hashersAreEqualExactlyWhenFamilyAndSeedAre() {
    List<LongFunction<ChoiceHasher>> families =
        List.of(
            ChoiceHasher::seeded,
            ChoiceHasher::multiplyShift,
            ChoiceHasher::tabulation,
            ChoiceHasher::identity);
    for (LongFunction<ChoiceHasher> family : families) {
      ChoiceHasher h = family.apply(77);
      String name = h.getClass().getSimpleName();
      assertEquals(h, family.apply(77));
      assertEquals(h.hashCode(), family.apply(77).hashCode());
      assertEquals(31 * h.getClass().hashCode() + Long.hashCode(77), h.hashCode());
      assertNotEquals(h, family.apply(78));
      assertNotEquals(h.hashCode(), family.apply(78).hashCode());
      assertFalse(h.equals("not a hasher"));
      assertFalse(h.equals(null));
      assertEquals(77, h.seed());
      assertEquals("ChoiceHasher[" + name + ", seed=77]", h.toString());
      for (LongFunction<ChoiceHasher> other : families) {
        if (other != family) {
          assertNotEquals(h, other.apply(77));
        }
      }
    }
    ChoiceHasher random = ChoiceHasher.randomlySeeded();
    assertEquals(ChoiceHasher.seeded(random.seed()), random);
    assertNotEquals(random.seed(), ChoiceHasher.randomlySeeded().seed());
  }

  @Test
  void choicesWrapAroundAndBucketsUseTheHighBits() {
    long hash = 0xFFFF_FFFF_0000_0002L; // h1 = -1, h2 = 2
    assertEquals(-1, ChoiceHasher.choice(hash, 0));
    assertEquals(1, ChoiceHasher.choice(hash, 1));
    assertEquals(3, ChoiceHasher.choice(hash, 2));
    assertEquals(13, ChoiceHasher.choice(hash, 7));
    assertEquals(Integer.MAX_VALUE - 1, ChoiceHasher.choice(0x7FFF_FFFF_FFFF_FFFFL, 1));
    // multiply-shift: bucket = floor(g * n / 2^32) for the unsigned g
    assertEquals(0, ChoiceHasher.bucket(0x00FF_FFFF, 256));
    assertEquals(1, ChoiceHasher.bucket(0x0100_0000, 256));
    assertEquals(255, ChoiceHasher.bucket(0xFF00_0000, 256));
    assertEquals(0, ChoiceHasher.bucket(-1, 1));
    assertEquals(Integer.MAX_VALUE - 1, ChoiceHasher.bucket(-1, Integer.MAX_VALUE));
    // the tag keeps 7 low bits, sets bit 7 and never reads bit 7 of the choice hash
    assertEquals(0x80, ChoiceHasher.tag(0x80));
    assertEquals(0xFF, ChoiceHasher.tag(0x7F));
    assertEquals(0x81, ChoiceHasher.tag(-255));
  }
}
