/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench;

import com.koloboke.collect.map.hash.HashObjObjMaps;
import io.github.twochoice.map.ConcurrentCuckooHashMap;
import io.github.twochoice.map.CuckooHashMap;
import io.github.twochoice.map.DLeftHashMap;
import io.github.twochoice.map.OneChoiceHashMap;
import io.github.twochoice.map.TwoChoiceHashMap;
import it.unimi.dsi.fastutil.objects.Object2ObjectOpenHashMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;

/**
 * The map implementations under test: the factory every benchmark and the memory tool use. Adding a
 * map to all of them is one constant here and its two constructors in {@link #newMap()} and {@link
 * #newMap(int)}, and its name in the {@code @Param} lists of {@link MapBenchmark} and {@link
 * FloodBenchmark} (all constants but {@link #SmoothieMap}, which needs JVM flags of its own).
 *
 * <p>Constant names are the {@code impl} parameter values printed in results, hence not in upper
 * case.
 */
@SuppressWarnings("JavaCaseFormat") // the names are the printed parameter values
public enum Impl {
  HashMap,
  fastutil,
  Koloboke,
  /**
   * SmoothieMap, which grows one segment at a time and so never rebuilds its whole table in one
   * put: the peer of the latency measurements. Its class needs {@link #SMOOTHIE_MAP_JVM_FLAGS} on
   * JDK 17, which change every object's header: the JMH benchmarks and {@link MemoryFootprint}
   * leave it out.
   */
  SmoothieMap,
  OneChoice,
  TwoChoice,
  DLeft,
  Cuckoo,
  /** The JDK's concurrent map: the baseline of {@link ConcurrentBenchmark}. */
  ConcurrentHashMap,
  ConcurrentCuckoo;

  /** Returns a new map made by the default constructor. */
  public Map<Object, Object> newMap() {
    return switch (this) {
      case HashMap -> new HashMap<>();
      case fastutil -> new Object2ObjectOpenHashMap<>();
      case Koloboke -> HashObjObjMaps.newMutableMap();
      case SmoothieMap -> io.timeandspace.smoothie.SmoothieMap.newBuilder().build();
      case OneChoice -> new OneChoiceHashMap<>();
      case TwoChoice -> new TwoChoiceHashMap<>();
      case DLeft -> dLeft().build();
      case Cuckoo -> cuckoo().build();
      case ConcurrentHashMap -> new ConcurrentHashMap<>();
      case ConcurrentCuckoo -> concurrentCuckoo().build();
    };
  }

  /** Returns a new map sized to hold {@code expectedSize} entries without growing. */
  public Map<Object, Object> newMap(int expectedSize) {
    return switch (this) {
      case HashMap -> new HashMap<>(hashMapCapacity(expectedSize));
      case fastutil -> new Object2ObjectOpenHashMap<>(expectedSize);
      case Koloboke -> HashObjObjMaps.newMutableMap(expectedSize);
      case SmoothieMap ->
          io.timeandspace.smoothie.SmoothieMap.newBuilder().expectedSize(expectedSize).build();
      case OneChoice -> new OneChoiceHashMap<>(expectedSize);
      case TwoChoice -> new TwoChoiceHashMap<>(expectedSize);
      case DLeft -> dLeft().expectedSize(expectedSize).build();
      case Cuckoo -> cuckoo().expectedSize(expectedSize).build();
      case ConcurrentHashMap -> new ConcurrentHashMap<>(expectedSize);
      case ConcurrentCuckoo -> concurrentCuckoo().expectedSize(expectedSize).build();
    };
  }

  /**
   * The JVM flags without which {@link #SmoothieMap}'s class fails to initialise on JDK 17: it
   * reads {@code HashMap}'s fields by reflection, and it asserts a 16-byte object header, which
   * needs uncompressed class pointers. A run that compares SmoothieMap gives the flags to every map
   * alike.
   */
  public static final List<String> SMOOTHIE_MAP_JVM_FLAGS =
      List.of("--add-opens=java.base/java.util=ALL-UNNAMED", "-XX:-UseCompressedClassPointers");

  /**
   * The system property that overrides the load factor of {@link #DLeft}, {@link #Cuckoo} and
   * {@link #ConcurrentCuckoo}, for measuring a design's cost at several loads ({@code
   * -jvmArgsAppend -Dtwochoice.loadFactor=0.9}); unset, the maps keep their defaults.
   */
  public static final String LOAD_FACTOR_PROPERTY = "twochoice.loadFactor";

  private static DLeftHashMap.Builder dLeft() {
    return withLoadFactor(DLeftHashMap.builder(), DLeftHashMap.Builder::loadFactor);
  }

  private static ConcurrentCuckooHashMap.Builder concurrentCuckoo() {
    return withLoadFactor(
        ConcurrentCuckooHashMap.builder(), ConcurrentCuckooHashMap.Builder::loadFactor);
  }

  private static CuckooHashMap.Builder cuckoo() {
    return withLoadFactor(CuckooHashMap.builder(), CuckooHashMap.Builder::loadFactor);
  }

  /** Applies {@link #LOAD_FACTOR_PROPERTY} to {@code builder} if it is set. */
  private static <B> B withLoadFactor(B builder, BiFunction<B, Double, B> setLoadFactor) {
    String loadFactor = System.getProperty(LOAD_FACTOR_PROPERTY);
    return loadFactor == null
        ? builder
        : setLoadFactor.apply(builder, Double.parseDouble(loadFactor));
  }

  /** HashMap's constructor takes a capacity, not a size: the table grows at 3/4 of it. */
  private static int hashMapCapacity(int expectedSize) {
    return (int) Math.ceil(expectedSize / 0.75);
  }
}
