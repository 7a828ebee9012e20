/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench;

import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import java.util.SplittableRandom;

/**
 * The key types of the benchmarks and how their keys are drawn: distinct random ints from a fixed
 * seed (never sequential, which would flatter some hash functions), boxed or turned into decimal
 * strings.
 */
@SuppressWarnings("JavaCaseFormat") // the names are the printed parameter values
public enum KeyType {
  /** Boxed random ints: {@link Integer#hashCode()} is the value itself. */
  Integer {
    @Override
    Object key(int value) {
      return java.lang.Integer.valueOf(value);
    }
  },
  /** Decimal strings of random ints, 1 to 11 characters, e.g. "-1403637281". */
  String {
    @Override
    Object key(int value) {
      return java.lang.Integer.toString(value);
    }
  };

  /** The seed of every key set, so that all implementations see the same keys. */
  public static final long SEED = 0x2C40_1CE5_EEDL;

  /**
   * Returns a key object for {@code value}; two calls give equal objects, distinct ones except for
   * the 256 cached small Integers.
   */
  abstract Object key(int value);

  /**
   * Returns {@code count} distinct random ints, in random order, from a generator seeded with
   * {@link #SEED}. The first {@code n} of them and the rest are two disjoint sets drawn from the
   * same distribution (present and absent keys).
   */
  public static int[] distinctRandomInts(int count) {
    SplittableRandom random = new SplittableRandom(SEED);
    IntOpenHashSet seen = new IntOpenHashSet(count);
    int[] values = new int[count];
    int n = 0;
    while (n < count) {
      int v = random.nextInt();
      if (seen.add(v)) {
        values[n++] = v;
      }
    }
    return values;
  }

  /** Returns new key objects for {@code values}. */
  public Object[] keys(int[] values) {
    Object[] keys = new Object[values.length];
    for (int i = 0; i < values.length; i++) {
      keys[i] = key(values[i]);
    }
    return keys;
  }

  /** Shuffles {@code array} in place with a generator seeded from {@code seed}. */
  public static void shuffle(Object[] array, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = array.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      Object t = array[i];
      array[i] = array[j];
      array[j] = t;
    }
  }
}
