/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench;

import java.util.Map;
import java.util.SplittableRandom;

/**
 * One thread's seeded sequence of 2<sup>20</sup> map operations under a mix, and the loop that runs
 * them: what {@link ConcurrentBenchmark} and {@link SideBySide} time.
 *
 * <p>Each operation's key is an {@linkplain KeyType#copies equal-but-distinct copy}, allocated in
 * sequence order. Under {@code read} every operation gets a present key (one of the universe's
 * first {@code size}); under {@code 90-10} and {@code 50-50} that percentage gets a key of the
 * whole universe (about half hit) and the rest are a {@code put} and a {@code remove} in turn, so
 * the map stays at about {@code size} keys; under {@code merge} every operation is a {@code
 * merge(key, 1, Integer::sum)} of a present key.
 */
final class Operations {
  /** The length of a sequence, which a thread walks around. */
  static final int LENGTH = 1 << 20;

  /** The count a merge adds, and each counter's first value. */
  static final Integer ONE = 1;

  private static final byte GET = 0;
  private static final byte PUT = 1;
  private static final byte REMOVE = 2;
  private static final byte MERGE = 3;

  private final byte[] ops = new byte[LENGTH];
  private final Object[] keys = new Object[LENGTH];

  /**
   * Draws a sequence with {@code seed}.
   *
   * @param keyType how keys are copied
   * @param universe the keys, of which the map holds the first {@code size}
   * @param size the number of keys in the map
   * @param mix {@code read}, {@code 90-10}, {@code 50-50} or {@code merge}
   * @param seed the seed of the draws
   */
  Operations(KeyType keyType, Object[] universe, int size, String mix, long seed) {
    int readPercent =
        switch (mix) {
          case "read" -> 100;
          case "90-10" -> 90;
          case "50-50" -> 50;
          case "merge" -> -1;
          default -> throw new IllegalArgumentException("mix: " + mix);
        };
    int lookups = readPercent == 100 || readPercent < 0 ? size : universe.length;
    SplittableRandom random = new SplittableRandom(seed);
    boolean nextWriteIsPut = true;
    for (int i = 0; i < LENGTH; i++) {
      if (readPercent < 0) {
        ops[i] = MERGE;
        keys[i] = keyType.copy(universe[random.nextInt(lookups)]);
      } else if (random.nextInt(100) < readPercent) {
        ops[i] = GET;
        keys[i] = keyType.copy(universe[random.nextInt(lookups)]);
      } else {
        ops[i] = nextWriteIsPut ? PUT : REMOVE;
        nextWriteIsPut = !nextWriteIsPut;
        keys[i] = keyType.copy(universe[random.nextInt(universe.length)]);
      }
    }
  }

  /** Returns the value a map of {@code mix} holds for {@code key} before the operations run. */
  static Object initialValue(String mix, Object key) {
    return mix.equals("merge") ? ONE : key;
  }

  /**
   * Runs {@code count} operations on {@code map} from position {@code from}, wrapping around;
   * returns how many gets hit.
   */
  int run(Map<Object, Object> map, int from, int count) {
    byte[] o = ops;
    Object[] k = keys;
    int c = from;
    int hits = 0;
    for (int i = 0; i < count; i++) {
      Object key = k[c];
      switch (o[c]) {
        case GET -> hits += map.get(key) != null ? 1 : 0;
        case PUT -> map.put(key, key);
        case REMOVE -> map.remove(key);
        default -> map.merge(key, ONE, Operations::sum);
      }
      c = (c + 1) & (LENGTH - 1);
    }
    return hits;
  }

  private static Object sum(Object a, Object b) {
    return (Integer) a + (Integer) b;
  }
}
