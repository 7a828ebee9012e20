/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Random sequences of map operations run on a map of the library and on {@link HashMap}, which must
 * agree on every result and, every few operations, on the whole contents.
 *
 * <p>QuickTheories generates the sequences from a fixed seed, so every run tests the same sequences
 * and a failure reproduces; it prints nothing on success, and a failure's message ends with "Seed
 * was" and the seed. Before that, the failing sequence is cut down by delta debugging (drop chunks
 * of operations, halving the chunk size, while it still fails; no randomness) and the shortest
 * failing sequence found is in the failure's message. (QuickTheories' own list shrinking keeps the
 * length and shrinks the elements, so it is switched off.) To run other sequences, give another
 * seed: {@code mvn -B verify -pl library -Dtest=ModelBasedPropertyTest -Dtwochoice.modelSeed=12345}
 * (add {@code -P integration} for the properties tagged {@code slow}); the same option reruns a
 * failure with the seed it printed.
 *
 * <p>Each property runs 20 sequences of up to {@value #MAX_LENGTH} operations (about 2 &times;
 * 10<sup>4</sup> operations) over up to {@value #KEY_RANGE} keys, starting from the smallest table,
 * so that every sequence goes through many resizes; {@code -Dtwochoice.modelEffort=5} (set by
 * {@code -P integration}) runs five times as many. The two properties that compare the whole
 * contents after every operation or fill chains with colliding keys take many seconds each; they
 * are tagged {@code slow} and run with {@code mvn verify -P integration}.
 */
class ModelBasedPropertyTest {
  private static final long SEED = Long.getLong("twochoice.modelSeed", 0x2C401CEL);
  private static final int SEQUENCES = 20 * Integer.getInteger("twochoice.modelEffort", 1);
  private static final int MAX_LENGTH = 2000;
  private static final int KEY_RANGE = 1500;
  private static final int FULL_CHECK_EVERY = 50;

  @Test
  void oneChoiceMatchesHashMap() {
    check(OneChoiceHashMap::new, Integer::valueOf);
  }

  @Test
  void twoChoiceMatchesHashMap() {
    check(TwoChoiceHashMap::new, Integer::valueOf);
  }

  @Test
  void threeChoicesWithLongChainsMatchHashMap() {
    check(() -> TwoChoiceHashMap.builder().choices(3).loadFactor(3).build(), Integer::valueOf);
  }

  @Test
  void dLeftMatchesHashMap() {
    check(DLeftHashMap::new, Integer::valueOf);
  }

  /** One-slot buckets filled to the brim: many keys find all d buckets full and overflow. */
  @Test
  void dLeftWithFullBucketsMatchesHashMap() {
    check(
        () -> DLeftHashMap.builder().choices(2).slotsPerBucket(1).loadFactor(1).build(),
        Integer::valueOf);
  }

  /** Three subtables of full two-slot buckets: lookups reach the third subtable and overflow. */
  @Test
  void dLeftWithThreeSubtablesMatchesHashMap() {
    check(
        () -> DLeftHashMap.builder().choices(3).slotsPerBucket(2).loadFactor(1).build(),
        Integer::valueOf);
  }

  @Test
  void cuckooMatchesHashMap() {
    check(CuckooHashMap::new, Integer::valueOf);
  }

  /**
   * Three choices of four-slot buckets at a maximum load of 0.99 (the (3,4) threshold is above it):
   * many keys live in their third bucket, which the word-at-a-time lookup of the first two buckets
   * does not read.
   */
  @Test
  void cuckooWithThreeChoicesMatchesHashMap() {
    check(
        () -> CuckooHashMap.builder().choices(3).slotsPerBucket(4).loadFactor(0.99).build(),
        Integer::valueOf);
  }

  /**
   * The classic layout pushed past its threshold: d = 2, b = 1 with a maximum load of 1, so that
   * inserts fail all the time (the threshold is 1/2) and the table grows or stashes on failure; the
   * whole contents are compared with the model after every operation.
   */
  @Test
  @Tag("slow")
  void cuckooForcedToFailMatchesHashMapAfterEveryOperation() {
    for (long seed = 1; seed <= 3; seed++) {
      long s = seed;
      check(
          () ->
              CuckooHashMap.builder().choices(2).slotsPerBucket(1).loadFactor(1.0).seed(s).build(),
          Integer::valueOf,
          1);
    }
  }

  /** Keys sharing hash codes in groups of 64: chains fill up and the overflow area is used. */
  @Test
  @Tag("slow")
  void overflowingChainsMatchHashMap() {
    check(TwoChoiceHashMap::new, Collider::new);
    check(OneChoiceHashMap::new, Collider::new);
    check(DLeftHashMap::new, Collider::new);
    check(CuckooHashMap::new, Collider::new);
    check(
        () -> CuckooHashMap.builder().choices(2).slotsPerBucket(1).loadFactor(1.0).build(),
        Collider::new,
        1);
  }

  private static void check(Supplier<Map<Object, Object>> factory, IntFunction<Object> keys) {
    check(factory, keys, FULL_CHECK_EVERY);
  }

  private static void check(
      Supplier<Map<Object, Object>> factory, IntFunction<Object> keys, int fullCheckEvery) {
    Gen<Op> op =
        integers()
            .between(0, 99)
            .zip(integers().between(-1, KEY_RANGE), integers().between(-1, 50), Op::new);
    qt().withFixedSeed(SEED)
        .withExamples(SEQUENCES)
        .withShrinkCycles(0)
        .forAll(lists().of(op).ofSizeBetween(1, MAX_LENGTH))
        .checkAssert(
            ops -> {
              try {
                run(ops, factory.get(), keys, fullCheckEvery);
              } catch (AssertionError | RuntimeException e) {
                List<Op> shortest =
                    shortestFailing(ops, o -> fails(o, factory, keys, fullCheckEvery));
                throw new AssertionError(
                    "diverged from HashMap; shortest failing sequence ("
                        + shortest.size()
                        + " operations): "
                        + shortest,
                    e);
              }
            });
  }

  private static boolean fails(
      List<Op> ops,
      Supplier<Map<Object, Object>> factory,
      IntFunction<Object> keys,
      int fullCheckEvery) {
    try {
      run(ops, factory.get(), keys, fullCheckEvery);
      return false;
    } catch (AssertionError | RuntimeException e) {
      return true;
    }
  }

  /** Delta debugging: drops chunks of operations while the sequence still fails. */
  static List<Op> shortestFailing(List<Op> failing, Predicate<List<Op>> fails) {
    List<Op> current = new ArrayList<>(failing);
    for (int chunk = current.size() / 2; chunk >= 1; chunk /= 2) {
      for (int start = current.size() - chunk; start >= 0; start -= chunk) {
        List<Op> candidate = new ArrayList<>(current.subList(0, start));
        candidate.addAll(current.subList(Math.min(start + chunk, current.size()), current.size()));
        if (fails.test(candidate)) {
          current = candidate;
          start = Math.min(start, current.size());
        }
      }
    }
    return current;
  }

  private static void run(
      List<Op> ops, Map<Object, Object> map, IntFunction<Object> keys, int fullCheckEvery) {
    Map<Object, Object> model = new HashMap<>();
    int step = 0;
    for (Op op : ops) {
      Object key = op.key < 0 ? null : keys.apply(op.key);
      Object actual;
      Object expected;
      if (op.kind() == Kind.CLONE) {
        map = copy(map);
        actual = expected = null;
      } else {
        actual = op.kind().apply(map, key, op.value());
        expected = op.kind().apply(model, key, op.value());
      }
      assertEquals(expected, actual, () -> op + " returned a different result");
      assertEquals(model.size(), map.size(), () -> "size after " + op);
      if (++step % fullCheckEvery == 0) {
        assertSameContents(model, map);
      }
    }
    assertSameContents(model, map);
  }

  private static void assertSameContents(Map<Object, Object> model, Map<Object, Object> map) {
    assertEquals(model, map);
    assertEquals(map, model);
    assertEquals(model.hashCode(), map.hashCode());
    assertEquals(model, new HashMap<>(map)); // iteration yields each entry exactly once
  }

  @SuppressWarnings("unchecked") // the maps under test are cloneable and serializable
  private static Map<Object, Object> copy(Map<Object, Object> map) {
    Map<Object, Object> clone = ((AbstractFlatMap<Object, Object>) map).clone();
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
        out.writeObject(clone);
      }
      try (ObjectInputStream in =
          new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
        return (Map<Object, Object>) in.readObject();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ClassNotFoundException e) {
      throw new AssertionError(e);
    }
  }

  /** One operation: a kind chosen by weight, a key number (-1 for null) and a value (-1: null). */
  record Op(int weight, int key, int rawValue) {
    Kind kind() {
      return Kind.forWeight(weight);
    }

    Integer value() {
      return rawValue < 0 ? null : rawValue;
    }

    @Override
    public String toString() {
      return kind() + "(" + (key < 0 ? "null" : key) + ", " + value() + ")";
    }
  }

  /** The operations, each with its share of the 100 weights. */
  enum Kind {
    PUT(30) {
      @Override
      Object apply(Map<Object, Object> m, Object k, Integer v) {
        return m.put(k, v);
      }
    },
    GET(10) {
      @Override
      Object apply(Map<Object, Object> m, Object k, Integer v) {
        return m.get(k);
      }
    },
    CONTAINS(5) {
      @Override
      Object apply(Map<Object, Object> m, Object k, Integer v) {
        return m.containsKey(k) + "/" + m.containsValue(v);
      }
    },
    REMOVE(12) {
      @Override
      Object apply(Map<Object, Object> m, Object k, Integer v) {
        return m.remove(k);
      }
    },
    REMOVE_IF_VALUE(3) {
      @Override
      Object apply(Map<Object, Object> m, Object k, Integer v) {
        return m.remove(k, v);
      }
    },
    PUT_IF_ABSENT(5) {
      @Override
      Object apply(Map<Object, Object> m, Object k, Integer v) {
        return m.putIfAbsent(k, v);
      }
    },
    REPLACE(4) {
      @Override
      Object apply(Map<Object, Object> m, Object k, Integer v) {
        return m.replace(k, v) + "/" + m.replace(k, v, 7);
      }
    },
    COMPUTE_IF_ABSENT(5) {
      @Override
      Object apply(Map<Object, Object> m, Object k, Integer v) {
        return m.computeIfAbsent(k, key -> v);
      }
    },
    COMPUTE_IF_PRESENT(4) {
      @Override
      Object apply(Map<Object, Object> m, Object k, Integer v) {
        return m.computeIfPresent(k, (key, old) -> v);
      }
    },
    COMPUTE(5) {
      @Override
      Object apply(Map<Object, Object> m, Object k, Integer v) {
        return m.compute(k, (key, old) -> old == null ? v : null);
      }
    },
    MERGE(5) {
      @Override
      Object apply(Map<Object, Object> m, Object k, Integer v) {
        int given = v == null ? 1 : v;
        return m.merge(k, given, (a, b) -> Objects.equals(a, b) ? null : given + 1);
      }
    },
    ITERATOR_REMOVE(3) {
      @Override
      Object apply(Map<Object, Object> m, Object k, Integer v) {
        int modulus = 2 + (v == null ? 0 : v % 7);
        return m.keySet().removeIf(key -> key != null && key.hashCode() % modulus == 0);
      }
    },
    ENTRY_SET_VALUE(3) {
      @Override
      Object apply(Map<Object, Object> m, Object k, Integer v) {
        int changed = 0;
        for (Iterator<Map.Entry<Object, Object>> it = m.entrySet().iterator(); it.hasNext(); ) {
          Map.Entry<Object, Object> e = it.next();
          if (Objects.equals(e.getValue(), v)) {
            e.setValue(-1);
            changed++;
          }
        }
        return changed;
      }
    },
    CLEAR(1) {
      @Override
      Object apply(Map<Object, Object> m, Object k, Integer v) {
        if (v != null && v == 0) {
          m.clear();
        }
        return m.size();
      }
    },
    CLONE(5) {
      @Override
      Object apply(Map<Object, Object> m, Object k, Integer v) {
        throw new UnsupportedOperationException("handled by the runner");
      }
    };

    private final int weight;

    Kind(int weight) {
      this.weight = weight;
    }

    abstract Object apply(Map<Object, Object> m, Object k, Integer v);

    static Kind forWeight(int w) {
      int remaining = w;
      for (Kind kind : values()) {
        remaining -= kind.weight;
        if (remaining < 0) {
          return kind;
        }
      }
      throw new IllegalArgumentException("weight out of range: " + w);
    }
  }

  /** A key whose hash code it shares with 63 others. */
  static final class Collider implements Serializable {
    private static final long serialVersionUID = 1L;
    private final int id;

    Collider(int id) {
      this.id = id;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Collider other && other.id == id;
    }

    @Override
    public int hashCode() {
      return id / 64;
    }

    @Override
    public String toString() {
      return "Collider" + id;
    }
  }
}
