/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.maps;

import io.github.twochoice.map.CuckooHashMap;
import io.github.twochoice.map.DLeftHashMap;
import io.github.twochoice.map.HashFamily;
import io.github.twochoice.map.OneChoiceHashMap;
import io.github.twochoice.map.TwoChoiceHashMap;
import io.github.twochoice.sim.BallsIntoBins.Rule;
import io.github.twochoice.sim.Scheme;
import java.util.Map;

/** The kinds of map the {@code maps} experiment fills. */
enum MapKind {
  ONE_CHOICE("OneChoiceHashMap"),
  TWO_CHOICE("TwoChoiceHashMap"),
  D_LEFT("DLeftHashMap"),
  CUCKOO("CuckooHashMap");

  final String className;

  MapKind(String className) {
    this.className = className;
  }

  Map<Integer, Integer> create(HashFamily family, long seed) {
    return switch (this) {
      case ONE_CHOICE -> OneChoiceHashMap.builder().hashFamily(family).seed(seed).build();
      case TWO_CHOICE -> TwoChoiceHashMap.builder().hashFamily(family).seed(seed).build();
      case D_LEFT -> DLeftHashMap.builder().hashFamily(family).seed(seed).build();
      case CUCKOO -> CuckooHashMap.builder().hashFamily(family).seed(seed).build();
    };
  }

  /** The layer fractions theory predicts at {@code load} entries per bucket, or null. */
  double[] theory(double load) {
    return switch (this) {
      case ONE_CHOICE -> new Scheme(1, Rule.SYMMETRIC).layerFractions(load, 64);
      case TWO_CHOICE -> new Scheme(2, Rule.SYMMETRIC).layerFractions(load, 64);
      case D_LEFT -> new Scheme(2, Rule.D_LEFT).layerFractions(load, 64);
      case CUCKOO -> null; // buckets are capped at b slots: the threshold is its theory
    };
  }
}
