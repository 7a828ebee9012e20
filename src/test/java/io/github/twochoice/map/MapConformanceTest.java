/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import com.google.common.collect.testing.MapTestSuiteBuilder;
import com.google.common.collect.testing.TestStringMapGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.features.MapFeature;
import java.util.Map;
import java.util.Map.Entry;
import java.util.function.Supplier;
import junit.framework.Test;
import junit.framework.TestSuite;

/**
 * guava-testlib's map conformance suite, with {@link java.util.HashMap}'s full feature set, run on
 * every map of the library and on a few non-default settings (more choices, long chains).
 */
public final class MapConformanceTest {
  private MapConformanceTest() {}

  /**
   * Returns the suites; JUnit's vintage engine runs them.
   *
   * @return all conformance suites
   */
  public static Test suite() {
    TestSuite suite = new TestSuite("map conformance");
    suite.addTest(suiteFor("OneChoiceHashMap", OneChoiceHashMap::new));
    suite.addTest(suiteFor("TwoChoiceHashMap", TwoChoiceHashMap::new));
    suite.addTest(
        suiteFor(
            "TwoChoiceHashMap d=3 load=4",
            () -> TwoChoiceHashMap.builder().choices(3).loadFactor(4).seed(7).build()));
    suite.addTest(
        suiteFor(
            "OneChoiceHashMap load=0.25",
            () -> OneChoiceHashMap.builder().loadFactor(0.25).seed(11).build()));
    suite.addTest(suiteFor("DLeftHashMap", DLeftHashMap::new));
    suite.addTest(
        suiteFor(
            "DLeftHashMap d=4 c=1, full buckets overflow",
            () ->
                DLeftHashMap.builder()
                    .subtables(4)
                    .bucketCapacity(1)
                    .loadFactor(1)
                    .seed(5)
                    .build()));
    return suite;
  }

  private static Test suiteFor(String name, Supplier<Map<String, String>> factory) {
    return MapTestSuiteBuilder.using(
            new TestStringMapGenerator() {
              @Override
              protected Map<String, String> create(Entry<String, String>[] entries) {
                Map<String, String> map = factory.get();
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
            MapFeature.ALLOWS_NULL_KEYS,
            MapFeature.ALLOWS_NULL_VALUES,
            MapFeature.ALLOWS_ANY_NULL_QUERIES,
            MapFeature.FAILS_FAST_ON_CONCURRENT_MODIFICATION,
            CollectionFeature.SUPPORTS_ITERATOR_REMOVE,
            CollectionFeature.SERIALIZABLE)
        .createTestSuite();
  }
}
