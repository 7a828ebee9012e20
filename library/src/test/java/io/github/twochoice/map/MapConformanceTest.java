/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.testing.MapTestSuiteBuilder;
import com.google.common.collect.testing.TestStringMapGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.features.MapFeature;
import java.util.Collections;
import java.util.Map;
import java.util.Map.Entry;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import junit.framework.Test;
import junit.framework.TestFailure;
import junit.framework.TestResult;
import junit.framework.TestSuite;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * guava-testlib's map conformance suite, with {@link java.util.HashMap}'s full feature set, run on
 * every map of the library and on a few non-default settings (more choices, long chains, full
 * buckets).
 *
 * <p>Each map's suite (about 2,000 JUnit 3 tests) runs as one dynamic test that fails with the list
 * of failing testers: run directly it takes seconds, while reporting each of the 16,000 tests
 * through the build's test runner took minutes.
 */
class MapConformanceTest {
  @TestFactory
  Stream<DynamicTest> everyMapPassesTheFullMapContract() {
    return Collections.list(suite().tests()).stream()
        .map(t -> DynamicTest.dynamicTest(((TestSuite) t).getName(), () -> assertPasses(t, 1000)));
  }

  /** Runs a testlib suite and fails with its first failures, or if fewer than {@code least} ran. */
  static void assertPasses(Test suite, int least) {
    TestResult result = new TestResult();
    suite.run(result);
    String failures =
        Stream.concat(
                Collections.list(result.failures()).stream(),
                Collections.list(result.errors()).stream())
            .limit(20)
            .map(TestFailure::toString)
            .collect(Collectors.joining("\n"));
    assertTrue(
        result.wasSuccessful(),
        result.failureCount() + result.errorCount() + " failed:\n" + failures);
    assertTrue(result.runCount() > least, "only " + result.runCount() + " tests ran");
  }

  private static TestSuite suite() {
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
                DLeftHashMap.builder().choices(4).slotsPerBucket(1).loadFactor(1).seed(5).build()));
    suite.addTest(suiteFor("CuckooHashMap", CuckooHashMap::new));
    suite.addTest(
        suiteFor(
            "CuckooHashMap d=2 b=1",
            () ->
                CuckooHashMap.builder()
                    .choices(2)
                    .slotsPerBucket(1)
                    .loadFactor(0.45)
                    .seed(3)
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
