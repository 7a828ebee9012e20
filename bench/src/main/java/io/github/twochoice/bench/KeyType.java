/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The key types of the benchmarks and how their keys are drawn: distinct random keys from a fixed
 * seed (never sequential, which would flatter some hash functions), and the equal-but-distinct
 * copies a lookup is made with.
 *
 * <p>A lookup in a real program rarely holds the very object that was stored: keys are parsed,
 * computed or read again. So every lookup benchmark uses {@link #copies}: new objects, equal to the
 * stored keys, allocated in the order in which they will be looked up (so reading the lookup key
 * costs what it costs in a program that has just made it, not a cache miss that every map would pay
 * alike), with a {@code String}'s hash code already computed and cached. The stored keys were
 * allocated in insertion order, which is unrelated to lookup order: reaching a stored key is the
 * map's cost.
 */
@SuppressWarnings("JavaCaseFormat") // the names are the printed parameter values
public enum KeyType {
  /** Boxed random ints: {@link Integer#hashCode()} is the value itself. */
  Integer {
    @Override
    Object[] draw(int count, SplittableRandom random) {
      Set<java.lang.Integer> seen = new HashSet<>(2 * count);
      Object[] keys = new Object[count];
      int n = 0;
      while (n < count) {
        int v = random.nextInt();
        if (seen.add(v)) {
          keys[n++] = java.lang.Integer.valueOf(v);
        }
      }
      return keys;
    }

    @Override
    Object copy(Object key) {
      // Integer.valueOf shares only the 256 cached small values, which random ints almost never
      // hit; a new object otherwise.
      return java.lang.Integer.valueOf(((java.lang.Integer) key).intValue());
    }
  },
  /** Random strings of 8 to 16 lower-case letters, e.g. "qzkfmwoeuba". */
  String {
    @Override
    Object[] draw(int count, SplittableRandom random) {
      Set<java.lang.String> seen = new HashSet<>(2 * count);
      Object[] keys = new Object[count];
      int n = 0;
      char[] letters = new char[MAX_LETTERS];
      while (n < count) {
        int length = MIN_LETTERS + random.nextInt(MAX_LETTERS - MIN_LETTERS + 1);
        for (int i = 0; i < length; i++) {
          letters[i] = (char) ('a' + random.nextInt(26));
        }
        java.lang.String s = new java.lang.String(letters, 0, length);
        if (seen.add(s)) {
          keys[n++] = s;
        }
      }
      return keys;
    }

    @Override
    Object copy(Object key) {
      // A new String over a new byte array (new String(String) would share the stored key's).
      java.lang.String s = new java.lang.String(((java.lang.String) key).toCharArray());
      // Hashing the copy caches its hash code, as in a key that has been hashed before.
      if (s.hashCode() != key.hashCode()) {
        throw new AssertionError("a copy hashes unlike its key: " + key);
      }
      return s;
    }
  };

  /** The seed of every key set, so that all implementations see the same keys. */
  public static final long SEED = 0x2C40_1CE5_EEDL;

  private static final int MIN_LETTERS = 8;
  private static final int MAX_LETTERS = 16;

  /** Returns {@code count} distinct random keys drawn from {@code random}. */
  abstract Object[] draw(int count, SplittableRandom random);

  /** Returns a new object equal to {@code key}. */
  abstract Object copy(Object key);

  /**
   * Returns {@code count} distinct random keys, allocated in array order, from a generator seeded
   * with {@link #SEED}. The first {@code n} of them and the rest are two disjoint sets drawn from
   * the same distribution (present and absent keys).
   */
  public Object[] keys(int count) {
    return draw(count, new SplittableRandom(SEED));
  }

  /**
   * Returns equal-but-distinct copies of {@code keys} in an order shuffled with {@code seed},
   * allocated in that order.
   */
  public Object[] copies(Object[] keys, long seed) {
    Object[] order = keys.clone();
    shuffle(order, seed);
    for (int i = 0; i < order.length; i++) {
      order[i] = copy(order[i]);
    }
    return order;
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
