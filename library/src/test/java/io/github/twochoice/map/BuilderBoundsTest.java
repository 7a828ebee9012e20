/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Every builder limit tried at its exact bounds: the last value accepted (and kept by the map it
 * builds) and the first value rejected, on both sides.
 */
class BuilderBoundsTest {
  private static void assertRejects(String argument, Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(e.getMessage().contains(argument), e.getMessage());
  }

  @Test
  void chainedChoicesRunFromTwoToEight() {
    assertRejects("choices", () -> TwoChoiceHashMap.builder().choices(1));
    assertEquals(2, TwoChoiceHashMap.builder().choices(2).build().choices());
    assertEquals(8, TwoChoiceHashMap.builder().choices(8).build().choices());
    assertRejects("choices", () -> TwoChoiceHashMap.builder().choices(9));
    assertRejects("choices", () -> TwoChoiceHashSet.builder().choices(1));
    assertEquals(8, TwoChoiceHashSet.builder().choices(8).build().choices());
    assertRejects("choices", () -> TwoChoiceHashSet.builder().choices(9));
  }

  @Test
  void bucketChoicesRunFromTwoToEight() {
    assertRejects("choices", () -> DLeftHashMap.builder().choices(1));
    assertEquals(2, DLeftHashMap.builder().choices(2).build().choices());
    assertEquals(8, DLeftHashMap.builder().choices(8).build().choices());
    assertRejects("choices", () -> DLeftHashMap.builder().choices(9));
    assertRejects("choices", () -> CuckooHashMap.builder().choices(1));
    assertEquals(2, CuckooHashMap.builder().choices(2).build().choices());
    assertEquals(8, CuckooHashMap.builder().choices(8).build().choices());
    assertRejects("choices", () -> CuckooHashMap.builder().choices(9));
    assertEquals(8, DLeftHashSet.builder().choices(8).build().choices());
    assertEquals(8, CuckooHashSet.builder().choices(8).build().choices());
  }

  @Test
  void slotsPerBucketArePowersOfTwoUpToEight() {
    for (int b = -1; b <= 17; b++) {
      int slots = b;
      boolean valid = b == 1 || b == 2 || b == 4 || b == 8;
      assertEquals(valid, BucketTable.isValidSlotsPerBucket(b), "b = " + b);
      if (valid) {
        assertEquals(b, DLeftHashMap.builder().slotsPerBucket(b).build().slotsPerBucket());
        assertEquals(b, CuckooHashMap.builder().slotsPerBucket(b).build().slotsPerBucket());
        assertEquals(b, DLeftHashSet.builder().slotsPerBucket(b).build().slotsPerBucket());
        assertEquals(b, CuckooHashSet.builder().slotsPerBucket(b).build().slotsPerBucket());
      } else {
        assertRejects("slotsPerBucket", () -> DLeftHashMap.builder().slotsPerBucket(slots));
        assertRejects("slotsPerBucket", () -> CuckooHashMap.builder().slotsPerBucket(slots));
      }
    }
  }

  @Test
  void bucketLoadFactorsLieInZeroToOne() {
    assertRejects("loadFactor", () -> DLeftHashMap.builder().loadFactor(0));
    assertRejects("loadFactor", () -> DLeftHashMap.builder().loadFactor(-0.0));
    assertRejects("loadFactor", () -> DLeftHashMap.builder().loadFactor(Double.NaN));
    assertEquals(
        Double.MIN_VALUE, DLeftHashMap.builder().loadFactor(Double.MIN_VALUE).build().loadFactor());
    assertEquals(1.0, DLeftHashMap.builder().loadFactor(1).build().loadFactor());
    assertRejects("loadFactor", () -> DLeftHashMap.builder().loadFactor(Math.nextUp(1.0)));
    assertRejects("loadFactor", () -> CuckooHashMap.builder().loadFactor(0));
    assertEquals(1.0, CuckooHashMap.builder().loadFactor(1).build().loadFactor());
    assertRejects("loadFactor", () -> CuckooHashMap.builder().loadFactor(Math.nextUp(1.0)));
    assertRejects("loadFactor", () -> new CuckooHashMap<>(10, 1.0001f));
    assertEquals(1.0, new DLeftHashMap<>(10, 1f).loadFactor());
    assertEquals(1.0, new DLeftHashSet<>(10, 1f).loadFactor());
    assertEquals(1.0, new CuckooHashSet<>(10, 1f).loadFactor());
  }

  @Test
  void chainedLoadFactorsArePositiveAndFinite() {
    assertRejects("loadFactor", () -> TwoChoiceHashMap.builder().loadFactor(0));
    assertRejects("loadFactor", () -> TwoChoiceHashMap.builder().loadFactor(-Double.MIN_VALUE));
    assertRejects(
        "loadFactor", () -> TwoChoiceHashMap.builder().loadFactor(Double.POSITIVE_INFINITY));
    assertRejects(
        "loadFactor", () -> OneChoiceHashMap.builder().loadFactor(Double.NEGATIVE_INFINITY));
    TwoChoiceHashMap<Object, Object> huge =
        TwoChoiceHashMap.builder().loadFactor(Double.MAX_VALUE).build();
    assertEquals(Double.MAX_VALUE, huge.loadFactor());
    assertEquals(Integer.MAX_VALUE, huge.chainLimit(), "16 x the load factor, capped");
    assertEquals(
        Double.MIN_VALUE,
        OneChoiceHashMap.builder().loadFactor(Double.MIN_VALUE).build().loadFactor());
    assertEquals(16, TwoChoiceHashMap.builder().loadFactor(0.001).build().chainLimit());
    assertEquals(16, TwoChoiceHashMap.builder().loadFactor(1).build().chainLimit());
    assertEquals(32, TwoChoiceHashMap.builder().loadFactor(1.01).build().chainLimit());
    assertEquals(7.5, new TwoChoiceHashSet<>(3, 7.5f).loadFactor());
  }

  @Test
  void expectedSizesStartAtZero() {
    assertEquals(0, TwoChoiceHashMap.builder().expectedSize(0).build().size());
    assertRejects("expectedSize", () -> TwoChoiceHashMap.builder().expectedSize(-1));
    assertRejects("expectedSize", () -> DLeftHashMap.builder().expectedSize(-1));
    assertRejects("expectedSize", () -> CuckooHashSet.builder().expectedSize(Integer.MIN_VALUE));
    assertRejects("expectedSize", () -> new DLeftHashMap<>(-1));
    assertRejects("expectedSize", () -> new TwoChoiceHashSet<>(-1, 1f));
    assertEquals(0, new OneChoiceHashMap<>(0).size());
    assertEquals(0, new CuckooHashMap<>(0, 0.5f).size());
  }

  @Test
  void expectedSizeIsHeldWithoutGrowing() {
    // a table sized for n keys takes them all without growing; past n, the first key whose
    // segment is full grows it
    for (AbstractSegmentedMap<Integer, Integer, ?> map :
        java.util.List.<AbstractSegmentedMap<Integer, Integer, ?>>of(
            TwoChoiceHashMap.builder().expectedSize(1000).seed(1).build(),
            OneChoiceHashMap.builder().expectedSize(1000).seed(2).build(),
            DLeftHashMap.builder().expectedSize(1000).seed(3).build(),
            CuckooHashMap.builder().expectedSize(1000).seed(4).build())) {
      String name = map.getClass().getSimpleName();
      long capacity = map.capacity();
      long threshold = map.threshold();
      int n = 0;
      for (; n < 1000; n++) {
        map.put(n, n);
      }
      assertEquals(capacity, map.capacity(), name + ": held its expected size");
      while (!map.isFullFor(map.hash(n))) {
        map.put(n, n);
        n++;
        assertEquals(capacity, map.capacity(), name + ": grew at " + n);
      }
      map.put(n, n);
      assertTrue(map.capacity() > capacity, name);
      assertTrue(map.threshold() > threshold, name);
      assertFalse(map.isFullFor(map.hash(n)), name);
    }
  }

  @Test
  void aTableHasOneToMaxSlotsSlots() {
    // the bound itself: a table of MAX_SLOTS slots is legal, though it takes 13 GB to allocate
    assertFalse(BucketTable.isValidSlotCount(0));
    assertTrue(BucketTable.isValidSlotCount(1));
    assertTrue(BucketTable.isValidSlotCount(BucketTable.MAX_SLOTS));
    assertFalse(BucketTable.isValidSlotCount(BucketTable.MAX_SLOTS + 1L));
    assertFalse(BucketTable.isValidSlotCount(Long.MAX_VALUE));
  }

  @Test
  void bucketMapsNameTheirWholeRangeForAnyLoadFactorOutsideIt() {
    for (double outside : new double[] {0, -1, Math.nextUp(1.0), Double.NaN}) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> DLeftHashMap.builder().loadFactor(outside));
      assertTrue(e.getMessage().contains("(0, 1]"), e.getMessage());
    }
  }

  @Test
  void aBuilderTakesAHashFamily() {
    // identity hashing sends sequential keys to the same few buckets (HashFamily.IDENTITY), which
    // the strong mixer spreads
    TwoChoiceHashMap.Builder builder = TwoChoiceHashMap.builder().seed(1);
    assertSame(builder, builder.hashFamily(HashFamily.IDENTITY));
    TwoChoiceHashMap<Integer, Integer> identity = builder.build();
    TwoChoiceHashMap<Integer, Integer> mixed =
        TwoChoiceHashMap.builder().seed(1).hashFamily(HashFamily.STRONG_MIXER).build();
    for (int key = 0; key < 10_000; key++) {
      identity.put(key, key);
      mixed.put(key, key);
    }
    assertTrue(
        identity.loadStats().meanProbesHit() > 2 * mixed.loadStats().meanProbesHit(),
        identity.loadStats() + " against " + mixed.loadStats());
    assertThrows(NullPointerException.class, () -> DLeftHashMap.builder().hashFamily(null));
  }
}
