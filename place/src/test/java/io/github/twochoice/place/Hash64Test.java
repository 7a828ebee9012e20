/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.strings;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class Hash64Test {
  /** Published FNV-1a 64 test vectors (Fowler, Noll and Vo). */
  @Test
  void fnv1a64MatchesThePublishedVectors() {
    assertEquals(0xcbf29ce484222325L, Hash64.fnv1a64(""));
    assertEquals(0xaf63dc4c8601ec8cL, Hash64.fnv1a64("a"));
    assertEquals(0x85944171f73967e8L, Hash64.fnv1a64("foobar"));
    assertEquals(0xcbf29ce484222325L, Hash64.fnv1a64(new byte[0]));
    assertEquals(0xaf63dc4c8601ec8cL, Hash64.fnv1a64(new byte[] {'a'}));
    assertEquals(0x85944171f73967e8L, Hash64.fnv1a64("foobar".getBytes(StandardCharsets.UTF_8)));
  }

  /** The first output of the SplitMix64 generator seeded with 0. */
  @Test
  void splitmix64MatchesTheReferenceGenerator() {
    assertEquals(0xe220a8397b1dcdafL, Hash64.splitmix64(0x9e3779b97f4a7c15L));
    assertEquals(0, Hash64.splitmix64(0)); // a fixed point: the finalizer has no constant term
    assertEquals(Hash64.splitmix64(Hash64.fnv1a64("foobar")), Hash64.mixedFnv1a64("foobar"));
  }

  @Test
  void stringHashIsTheHashOfTheUtf8Bytes() {
    List<String> edgeCases =
        List.of(
            "é", // 2 bytes
            "€", // 3 bytes
            "\uD83D\uDE00", // a surrogate pair: 4 bytes
            "\uD800", // unpaired high surrogate
            "\uDC00", // unpaired low surrogate
            "a\uD83D", // high surrogate at the end
            "\uDE00\uD83Dx", // a pair in the wrong order
            "\u007F\u0080\u07FF\u0800\uFFFF");
    for (String s : edgeCases) {
      assertEquals(Hash64.fnv1a64(s.getBytes(StandardCharsets.UTF_8)), Hash64.fnv1a64(s), s);
    }
    qt().withFixedSeed(0x57A1E5L)
        .withExamples(2000)
        .forAll(strings().allPossible().ofLengthBetween(0, 24))
        .checkAssert(
            s ->
                assertEquals(
                    Hash64.fnv1a64(s.getBytes(StandardCharsets.UTF_8)), Hash64.fnv1a64(s), s));
  }

  @Test
  void openUnitIntervalExcludesBothEnds() {
    assertEquals(0x1.0p-53, Hash64.toOpenUnitInterval(0));
    assertEquals(1 - 0x1.0p-53, Hash64.toOpenUnitInterval(-1));
    assertEquals(0.5 + 0x1.0p-53, Hash64.toOpenUnitInterval(Long.MIN_VALUE));
    assertTrue(Math.log(Hash64.toOpenUnitInterval(-1)) < 0);
    assertTrue(Double.isFinite(Math.log(Hash64.toOpenUnitInterval(0))));
  }

  @Test
  void nullInputsAreRejected() {
    assertThrows(NullPointerException.class, () -> Hash64.fnv1a64((String) null));
    assertThrows(NullPointerException.class, () -> Hash64.fnv1a64((byte[]) null));
  }
}
