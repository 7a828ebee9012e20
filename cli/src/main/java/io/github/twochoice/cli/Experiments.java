/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli;

import io.github.twochoice.hash.HashFamily;
import io.github.twochoice.map.CuckooHashMap;
import io.github.twochoice.map.DLeftHashMap;
import io.github.twochoice.map.LoadReporting;
import io.github.twochoice.map.OneChoiceHashMap;
import io.github.twochoice.map.TwoChoiceHashMap;
import io.github.twochoice.sim.BallsIntoBins;
import io.github.twochoice.sim.BallsIntoBins.Rule;
import io.github.twochoice.sim.CuckooThreshold;
import io.github.twochoice.sim.Scheme;
import io.github.twochoice.stats.LoadStats;
import io.github.twochoice.stats.Theory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The experiments behind the commands and the report, computed once and formatted by each. Every
 * experiment takes a seed and draws the seeds of its runs from it in a fixed order, so the same
 * arguments give the same figures. Long ones report each finished run to a {@link Progress}, which
 * the caller finishes.
 */
final class Experiments {
  private Experiments() {}

  // ---- Maximum load ----

  /** The maximum load of {@code trials} runs of load · n balls in n bins under one scheme. */
  static final class MaxLoads {
    private final int n;
    private final double load;
    private final Scheme scheme;
    private final long[] distribution;

    MaxLoads(int n, double load, Scheme scheme, long[] distribution) {
      this.n = n;
      this.load = load;
      this.scheme = scheme;
      this.distribution = distribution.clone();
    }

    int n() {
      return n;
    }

    Scheme scheme() {
      return scheme;
    }

    double mean() {
      return BallsIntoBins.meanMaxLoad(distribution);
    }

    int lowest() {
      int k = 0;
      while (distribution[k] == 0) {
        k++;
      }
      return k;
    }

    int highest() {
      return distribution.length - 1;
    }

    /** "kxruns" for each maximum seen, e.g. "3x12 4x8". */
    String describe() {
      StringBuilder text = new StringBuilder();
      for (int k = 0; k < distribution.length; k++) {
        if (distribution[k] > 0) {
          text.append(text.length() == 0 ? "" : " ").append(k).append('x').append(distribution[k]);
        }
      }
      return text.toString();
    }

    /** The theory's formula for this scheme, or NaN below n = 3 where it is undefined. */
    double formula() {
      return n >= 3 ? scheme.theoryMaxLoad(n) : Double.NaN;
    }

    /** The fluid limit's prediction: the highest layer expected to hold half a bin. */
    int fluidPrediction() {
      return predictedMaxLoad(scheme.layerFractions(load, (int) Math.ceil(4 * load) + 24), n);
    }
  }

  static List<MaxLoads> maxLoads(
      List<Integer> ns,
      double load,
      List<Scheme> schemes,
      int trials,
      long seed,
      Progress progress) {
    SplittableRandom seeds = new SplittableRandom(seed);
    List<MaxLoads> rows = new ArrayList<>();
    for (int n : ns) {
      for (Scheme scheme : schemes) {
        long[] distribution =
            BallsIntoBins.maxLoadDistribution(
                Math.round(load * n), n, scheme.choices(), scheme.rule(), trials, seeds.nextLong());
        rows.add(new MaxLoads(n, load, scheme, distribution));
        progress.step();
      }
    }
    return rows;
  }

  /**
   * The highest layer i at which {@code bins · s_i >= 1/2}: the load the fullest bin is expected to
   * reach, from layer fractions {@code s}.
   */
  static int predictedMaxLoad(double[] s, double bins) {
    int i = 0;
    while (i + 1 < s.length && s[i + 1] * bins >= 0.5) {
      i++;
    }
    return i;
  }

  // ---- Layers ----

  /** Measured and predicted fractions of bins with at least i balls, i = 0 … maxLayer. */
  static final class Layers {
    private final int n;
    private final List<Scheme> schemes;
    private final double[][] measured;
    private final double[][] theory;

    Layers(int n, List<Scheme> schemes, double[][] measured, double[][] theory) {
      this.n = n;
      this.schemes = List.copyOf(schemes);
      this.measured = measured;
      this.theory = theory;
    }

    int n() {
      return n;
    }

    List<Scheme> schemes() {
      return schemes;
    }

    /** The measured fraction of bins with at least i balls under scheme s. */
    double measured(int s, int i) {
      return measured[s][i];
    }

    /** The predicted fraction of bins with at least i balls under scheme s. */
    double theory(int s, int i) {
      return theory[s][i];
    }

    int maxLayer() {
      return measured[0].length - 1;
    }
  }

  static Layers layers(int n, double ballsPerBin, List<Scheme> schemes, int maxLayer, long seed) {
    SplittableRandom seeds = new SplittableRandom(seed);
    long balls = Math.round(ballsPerBin * n);
    double[][] measured = new double[schemes.size()][maxLayer + 1];
    double[][] theory = new double[schemes.size()][];
    for (int s = 0; s < schemes.size(); s++) {
      Scheme scheme = schemes.get(s);
      LoadStats stats = scheme.throwBalls(balls, n, seeds.nextLong());
      for (int i = 0; i <= maxLayer; i++) {
        measured[s][i] = stats.fractionAtLeast(i);
      }
      theory[s] =
          scheme.choices() == 1
              ? poissonTail(ballsPerBin, maxLayer)
              : scheme.layerFractions(ballsPerBin, maxLayer);
    }
    return new Layers(n, schemes, measured, theory);
  }

  private static double[] poissonTail(double lambda, int maxLayer) {
    double[] s = new double[maxLayer + 1];
    for (int i = 0; i <= maxLayer; i++) {
      s[i] = Theory.poissonTail(lambda, i);
    }
    return s;
  }

  // ---- Cuckoo threshold ----

  /** The first-failure loads of a cuckoo layout over several trials, beside its threshold. */
  static final class Threshold {
    private final int d;
    private final int b;
    private final int cells;
    private final double[] firstFailureLoads; // sorted

    Threshold(int d, int b, int cells, double[] firstFailureLoads) {
      this.d = d;
      this.b = b;
      this.cells = cells;
      this.firstFailureLoads = firstFailureLoads.clone();
    }

    int cells() {
      return cells;
    }

    int trials() {
      return firstFailureLoads.length;
    }

    double lowest() {
      return firstFailureLoads[0];
    }

    double highest() {
      return firstFailureLoads[firstFailureLoads.length - 1];
    }

    String layout() {
      return "(" + d + "," + b + ")";
    }

    double theory() {
      return Theory.cuckooThreshold(d, b);
    }

    double median() {
      double[] x = firstFailureLoads;
      int t = x.length;
      return t % 2 == 1 ? x[t / 2] : (x[t / 2 - 1] + x[t / 2]) / 2;
    }

    /** The fraction of trials in which load · cells keys all fit. */
    double successAt(double load) {
      int fits = 0;
      for (double failure : firstFailureLoads) {
        fits += failure >= load ? 1 : 0;
      }
      return (double) fits / firstFailureLoads.length;
    }
  }

  static List<Threshold> thresholds(
      List<int[]> layouts, int cells, int trials, long seed, Progress progress) {
    SplittableRandom seeds = new SplittableRandom(seed);
    List<Threshold> rows = new ArrayList<>();
    for (int[] layout : layouts) {
      double[] loads =
          CuckooThreshold.firstFailureLoads(layout[0], layout[1], cells, trials, seeds.nextLong());
      rows.add(new Threshold(layout[0], layout[1], cells, loads));
      progress.step();
    }
    return rows;
  }

  // ---- Real maps ----

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

  /** The keys the {@code maps} experiment inserts. */
  enum KeyOrder {
    /** Distinct random ints from the seed. */
    RANDOM,
    /** 0, 1, 2, …: the keys that expose a hash function without randomness. */
    SEQUENTIAL
  }

  /**
   * One map filled with n keys under one hash family, and the fluid limit's layer fractions at its
   * load (solved once), where they apply.
   */
  static final class MapFill {
    private final MapKind kind;
    private final HashFamily family;
    private final KeyOrder keys;
    private final LoadStats stats;
    private final double[] theory; // null for the cuckoo map

    MapFill(MapKind kind, HashFamily family, KeyOrder keys, LoadStats stats) {
      this.kind = kind;
      this.family = family;
      this.keys = keys;
      this.stats = stats;
      // The fluid limit describes the keys the rule placed, not those in the overflow area:
      // counting these would ask for it at a load far beyond any the table runs at.
      this.theory = kind.theory(stats.meanKeysPerBucket());
    }

    MapKind kind() {
      return kind;
    }

    HashFamily family() {
      return family;
    }

    KeyOrder keys() {
      return keys;
    }

    LoadStats stats() {
      return stats;
    }

    /** The fluid limit's predicted maximum at this map's load, or -1 where it does not apply. */
    int predictedMaxLoad() {
      return theory == null ? -1 : Experiments.predictedMaxLoad(theory, (double) stats.buckets());
    }

    /** The fluid limit's fraction of buckets with at least i entries, or NaN. */
    double predictedFractionAtLeast(int i) {
      return theory == null ? Double.NaN : theory[i];
    }
  }

  static List<MapFill> maps(
      int n,
      List<MapKind> kinds,
      List<HashFamily> families,
      KeyOrder order,
      long seed,
      Progress progress) {
    int[] keys = keys(n, order, seed);
    List<MapFill> rows = new ArrayList<>();
    for (HashFamily family : families) {
      for (MapKind kind : kinds) {
        Map<Integer, Integer> map = kind.create(family, seed);
        for (int key : keys) {
          map.put(key, key);
        }
        rows.add(new MapFill(kind, family, order, ((LoadReporting) map).loadStats()));
        progress.step();
      }
    }
    return rows;
  }

  static int[] keys(int n, KeyOrder order, long seed) {
    if (order == KeyOrder.SEQUENTIAL) {
      int[] keys = new int[n];
      Arrays.setAll(keys, i -> i);
      return keys;
    }
    SplittableRandom random = new SplittableRandom(seed);
    Set<Integer> seen = new HashSet<>();
    int[] keys = new int[n];
    for (int i = 0; i < n; ) {
      int key = random.nextInt();
      if (seen.add(key)) {
        keys[i++] = key;
      }
    }
    return keys;
  }
}
