/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.util.HashMap;
import java.util.Map;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Lincheck checks that every concurrent history of a few operations on {@link
 * ConcurrentCuckooHashMap} is linearizable with respect to a sequential {@link HashMap} ({@link
 * Model}): in stress mode (real threads) and in model-checking mode (Lincheck's scheduler explores
 * thread switches at every shared access). The map starts with one bucket of one slot, and its
 * segments split once they would have room for more than one key, so a few keys already force
 * growth, splits, directory doublings, cuckoo moves and, for the keys {@code 1} and {@code 2},
 * which share a hash code, the overflow area.
 *
 * <p>The stress test and the model checker on a few hundred small scenarios run for seconds each in
 * the default build; the model checker on thousands (about five minutes on two cores) and a longer
 * stress test run under the tag {@code slow}. The operations: get, containsKey, put, putIfAbsent,
 * remove (both), replace (both), computeIfAbsent, compute, computeIfPresent, merge and size, on
 * keys 1 to 4: few, so that concurrent operations often meet on one key (and so on its reservation,
 * which the compute operations take).
 */
@Param(name = "key", gen = IntGen.class, conf = "1:4")
@Param(name = "value", gen = IntGen.class, conf = "1:3")
public class ConcurrentCuckooLincheckTest {
  private final ConcurrentCuckooHashMap<Key, Integer> map =
      ConcurrentCuckooHashMap.builder()
          .slotsPerBucket(1)
          .loadFactor(0.5)
          .seed(11)
          .splitKeys(1)
          .build();

  /** Lincheck creates one instance per scenario. */
  public ConcurrentCuckooLincheckTest() {}

  /** Keys 1 and 2 share a hash code; the others are spread. */
  static Key key(int i) {
    return i <= 2 ? new Key(i, 99) : Key.spread(i);
  }

  @Operation
  public Integer get(@Param(name = "key") int k) {
    return map.get(key(k));
  }

  @Operation
  public boolean containsKey(@Param(name = "key") int k) {
    return map.containsKey(key(k));
  }

  @Operation
  public Integer put(@Param(name = "key") int k, @Param(name = "value") int v) {
    return map.put(key(k), v);
  }

  @Operation
  public Integer putIfAbsent(@Param(name = "key") int k, @Param(name = "value") int v) {
    return map.putIfAbsent(key(k), v);
  }

  @Operation
  public Integer remove(@Param(name = "key") int k) {
    return map.remove(key(k));
  }

  @Operation
  public boolean removeValue(@Param(name = "key") int k, @Param(name = "value") int v) {
    return map.remove(key(k), v);
  }

  @Operation
  public Integer replace(@Param(name = "key") int k, @Param(name = "value") int v) {
    return map.replace(key(k), v);
  }

  @Operation
  public boolean replaceValue(@Param(name = "key") int k, @Param(name = "value") int v) {
    return map.replace(key(k), v, v + 1);
  }

  @Operation
  public Integer computeIfAbsent(@Param(name = "key") int k, @Param(name = "value") int v) {
    return map.computeIfAbsent(key(k), x -> v);
  }

  @Operation
  public Integer compute(@Param(name = "key") int k, @Param(name = "value") int v) {
    return map.compute(key(k), (x, old) -> remap(old, v));
  }

  @Operation
  public Integer computeIfPresent(@Param(name = "key") int k) {
    return map.computeIfPresent(key(k), (x, old) -> old > 2 ? null : old + 1);
  }

  @Operation
  public Integer merge(@Param(name = "key") int k, @Param(name = "value") int v) {
    return map.merge(key(k), v, Integer::sum);
  }

  /** The function of compute: v if absent, removal once the sum passes 5, else the sum. */
  static Integer remap(Integer old, int v) {
    return old == null ? Integer.valueOf(v) : old + v > 5 ? null : old + v;
  }

  @Operation
  public int size() {
    return map.size();
  }

  /** The sequential specification: the same operations on a {@link HashMap}. */
  public static class Model {
    private final Map<Key, Integer> map = new HashMap<>();

    /** Lincheck creates one instance per scenario. */
    public Model() {}

    public Integer get(int k) {
      return map.get(key(k));
    }

    public boolean containsKey(int k) {
      return map.containsKey(key(k));
    }

    public Integer put(int k, int v) {
      return map.put(key(k), v);
    }

    public Integer putIfAbsent(int k, int v) {
      return map.putIfAbsent(key(k), v);
    }

    public Integer remove(int k) {
      return map.remove(key(k));
    }

    public boolean removeValue(int k, int v) {
      return map.remove(key(k), v);
    }

    public Integer replace(int k, int v) {
      return map.replace(key(k), v);
    }

    public boolean replaceValue(int k, int v) {
      return map.replace(key(k), v, v + 1);
    }

    public Integer computeIfAbsent(int k, int v) {
      return map.computeIfAbsent(key(k), x -> v);
    }

    public Integer compute(int k, int v) {
      return map.compute(key(k), (x, old) -> remap(old, v));
    }

    public Integer computeIfPresent(int k) {
      return map.computeIfPresent(key(k), (x, old) -> old > 2 ? null : old + 1);
    }

    public Integer merge(int k, int v) {
      return map.merge(key(k), v, Integer::sum);
    }

    public int size() {
      return map.size();
    }
  }

  @Test
  void linearizableUnderStress() {
    stress(5, 500);
  }

  @Test
  @Tag("slow")
  void linearizableUnderLongStress() {
    stress(50, 2_000);
  }

  @Test
  void linearizableUnderModelCheckingOfSmallScenarios() {
    modelChecking(4, 100);
  }

  @Test
  @Tag("slow")
  void linearizableUnderLongModelChecking() {
    modelChecking(30, 1_000);
  }

  private void stress(int iterations, int invocations) {
    new StressOptions()
        .sequentialSpecification(Model.class)
        .iterations(iterations)
        .invocationsPerIteration(invocations)
        .threads(3)
        .actorsPerThread(3)
        .actorsBefore(4)
        .check(getClass());
  }

  private void modelChecking(int iterations, int invocations) {
    new ModelCheckingOptions()
        .sequentialSpecification(Model.class)
        .iterations(iterations)
        .invocationsPerIteration(invocations)
        .threads(2)
        .actorsPerThread(3)
        .actorsBefore(4)
        .check(getClass());
  }
}
