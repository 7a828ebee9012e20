/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import com.google.common.collect.testing.SetTestSuiteBuilder;
import com.google.common.collect.testing.TestStringSetGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import java.util.Collections;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import junit.framework.Test;
import junit.framework.TestSuite;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * guava-testlib's set conformance suite, with {@link java.util.HashSet}'s full feature set, run on
 * every set of the library, on non-default settings (more choices, long chains, one-slot buckets
 * that overflow) and with a case-insensitive {@link HashStrategy} (testlib's sample elements differ
 * in more than case, so the contract is the same).
 */
class SetConformanceTest {
  /** Strings equal when they are equal ignoring case; serializable as an enum constant. */
  enum IgnoringCase implements HashStrategy<String> {
    INSTANCE;

    @Override
    public int hashCode(String key) {
      return key.toLowerCase(Locale.ROOT).hashCode();
    }

    @Override
    public boolean equals(String a, String b) {
      return a.equalsIgnoreCase(b);
    }
  }

  @TestFactory
  Stream<DynamicTest> everySetPassesTheFullSetContract() {
    return Collections.list(suite().tests()).stream()
        .map(
            t ->
                DynamicTest.dynamicTest(
                    ((TestSuite) t).getName(), () -> MapConformanceTest.assertPasses(t, 500)));
  }

  private static TestSuite suite() {
    TestSuite suite = new TestSuite("set conformance");
    suite.addTest(suiteFor("TwoChoiceHashSet", TwoChoiceHashSet::new));
    suite.addTest(
        suiteFor(
            "TwoChoiceHashSet d=3 load=4",
            () -> TwoChoiceHashSet.builder().choices(3).loadFactor(4).seed(7).build()));
    suite.addTest(
        suiteFor(
            "TwoChoiceHashSet ignoring case",
            () -> TwoChoiceHashSet.builder().seed(1).build(IgnoringCase.INSTANCE)));
    suite.addTest(suiteFor("DLeftHashSet", DLeftHashSet::new));
    suite.addTest(
        suiteFor(
            "DLeftHashSet d=4 b=1, full buckets overflow",
            () ->
                DLeftHashSet.builder().choices(4).slotsPerBucket(1).loadFactor(1).seed(5).build()));
    suite.addTest(suiteFor("CuckooHashSet", CuckooHashSet::new));
    suite.addTest(
        suiteFor(
            "CuckooHashSet d=2 b=1",
            () ->
                CuckooHashSet.builder()
                    .choices(2)
                    .slotsPerBucket(1)
                    .loadFactor(0.45)
                    .seed(3)
                    .build()));
    suite.addTest(
        suiteFor(
            "CuckooHashSet ignoring case",
            () -> CuckooHashSet.builder().seed(2).build(IgnoringCase.INSTANCE)));
    return suite;
  }

  private static Test suiteFor(String name, Supplier<Set<String>> factory) {
    return SetTestSuiteBuilder.using(
            new TestStringSetGenerator() {
              @Override
              protected Set<String> create(String[] elements) {
                Set<String> set = factory.get();
                Collections.addAll(set, elements);
                return set;
              }
            })
        .named(name)
        .withFeatures(
            CollectionSize.ANY,
            CollectionFeature.GENERAL_PURPOSE,
            CollectionFeature.ALLOWS_NULL_VALUES,
            CollectionFeature.FAILS_FAST_ON_CONCURRENT_MODIFICATION,
            CollectionFeature.SERIALIZABLE)
        .createTestSuite();
  }
}
