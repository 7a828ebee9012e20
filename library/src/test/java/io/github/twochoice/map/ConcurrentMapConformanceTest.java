/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import com.google.common.collect.testing.ConcurrentMapTestSuiteBuilder;
import com.google.common.collect.testing.SetTestSuiteBuilder;
import com.google.common.collect.testing.TestStringMapGenerator;
import com.google.common.collect.testing.TestStringSetGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.features.MapFeature;
import java.util.Collections;
import java.util.Map.Entry;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;
import java.util.stream.Stream;
import junit.framework.Test;
import junit.framework.TestSuite;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * guava-testlib's {@link java.util.concurrent.ConcurrentMap} conformance suite, with the features
 * of {@link java.util.concurrent.ConcurrentHashMap} (no nulls, iterator removal, serializable), run
 * on {@link ConcurrentCuckooHashMap} with the default settings and with settings that force cuckoo
 * moves, growth from one bucket and the overflow area; and the set suite on {@link
 * ConcurrentCuckooHashMap#newKeySet()}. Each suite runs as one dynamic test, as in {@link
 * MapConformanceTest}.
 */
class ConcurrentMapConformanceTest {
  @TestFactory
  Stream<DynamicTest> concurrentMapPassesTheConcurrentMapContract() {
    return Collections.list(suite().tests()).stream()
        .map(
            t ->
                DynamicTest.dynamicTest(
                    ((TestSuite) t).getName(), () -> MapConformanceTest.assertPasses(t, 400)));
  }

  private static TestSuite suite() {
    TestSuite suite = new TestSuite("concurrent map conformance");
    suite.addTest(mapSuite("ConcurrentCuckooHashMap", ConcurrentCuckooHashMap::new));
    suite.addTest(
        mapSuite(
            "ConcurrentCuckooHashMap d=2 b=1 one stripe",
            () ->
                ConcurrentCuckooHashMap.builder()
                    .slotsPerBucket(1)
                    .loadFactor(0.45)
                    .lockStripes(1)
                    .seed(3)
                    .build()));
    suite.addTest(
        mapSuite(
            "ConcurrentCuckooHashMap d=3 b=2 strategy",
            () ->
                ConcurrentCuckooHashMap.builder()
                    .choices(3)
                    .slotsPerBucket(2)
                    .seed(5)
                    .build(ByContent.INSTANCE)));
    suite.addTest(
        SetTestSuiteBuilder.using(
                new TestStringSetGenerator() {
                  @Override
                  protected Set<String> create(String[] elements) {
                    Set<String> set = ConcurrentCuckooHashMap.newKeySet();
                    Collections.addAll(set, elements);
                    return set;
                  }
                })
            .named("ConcurrentCuckooHashMap.newKeySet")
            .withFeatures(
                CollectionSize.ANY,
                CollectionFeature.GENERAL_PURPOSE,
                CollectionFeature.SERIALIZABLE)
            .createTestSuite());
    return suite;
  }

  /** A strategy that agrees with the keys' own equality; serializable, as an enum. */
  private enum ByContent implements HashStrategy<String> {
    INSTANCE;

    @Override
    public int hashCode(String key) {
      return key.hashCode();
    }

    @Override
    public boolean equals(String a, String b) {
      return a.equals(b);
    }
  }

  private static Test mapSuite(String name, Supplier<ConcurrentMap<String, String>> factory) {
    return ConcurrentMapTestSuiteBuilder.using(
            new TestStringMapGenerator() {
              @Override
              protected ConcurrentMap<String, String> create(Entry<String, String>[] entries) {
                ConcurrentMap<String, String> map = factory.get();
                for (Entry<String, String> e : entries) {
                  map.put(e.getKey(), e.getValue());
                }
                return map;
              }
            })
        .named(name)
        .withFeatures(
            CollectionSize.ANY,
            MapFeature.GENERAL_PURPOSE,
            CollectionFeature.SUPPORTS_ITERATOR_REMOVE,
            CollectionFeature.SERIALIZABLE)
        .createTestSuite();
  }
}
