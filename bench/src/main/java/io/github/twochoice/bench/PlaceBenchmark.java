/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench;

import io.github.twochoice.place.HashRing;
import io.github.twochoice.place.HierarchicalRendezvous;
import io.github.twochoice.place.LookupTable;
import io.github.twochoice.place.ModN;
import io.github.twochoice.place.Rendezvous;
import io.github.twochoice.place.WeightedRendezvous;
import io.github.twochoice.place.WeightedScore;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Nanoseconds per owner lookup of a URL-like key (26 to 40 bytes) for every placement scheme of
 * {@code io.github.twochoice.place} with 8, 100 and 10,000 nodes named {@code proxy-1}, {@code
 * proxy-2}, …. The keys are 4,096 distinct strings looked up in turn, so the key's own hash is
 * computed on every lookup, as a proxy in front of a cache does.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
@State(Scope.Thread)
public class PlaceBenchmark {
  private static final int KEYS = 4096;

  /** The placement scheme. */
  public enum Scheme {
    /** {@link ModN}: one hash and a remainder. */
    ModN,
    /** {@link HashRing} with 100 tokens per node: a binary search. */
    Ring100,
    /** {@link Rendezvous}: one pair hash per node. */
    Rendezvous,
    /** {@link WeightedRendezvous}, logarithmic scores, weights 1 to 4: a logarithm per node. */
    WeightedRendezvous,
    /** {@link HierarchicalRendezvous} with fanout 16. */
    Hierarchical16,
    /** {@link LookupTable} with 65,537 rows: one hash and a row read. */
    LookupTable
  }

  @Param Scheme scheme;

  @Param({"8", "100", "10000"})
  int nodes;

  private Function<String, String> owner;
  private String[] keys;

  @Setup(Level.Trial)
  public void setUp() {
    List<String> names = new ArrayList<>();
    for (int i = 1; i <= nodes; i++) {
      names.add("proxy-" + i);
    }
    owner = ownerFunction(names);
    SplittableRandom random = new SplittableRandom(7);
    keys = new String[KEYS];
    for (int i = 0; i < KEYS; i++) {
      keys[i] = "/shuttle/missions/sts-" + random.nextInt(100_000) + "/images/" + i + ".gif";
    }
  }

  private Function<String, String> ownerFunction(List<String> names) {
    Function<String, String> identity = Function.identity();
    return switch (scheme) {
      case ModN -> ModN.of(names, identity)::owner;
      case Ring100 -> HashRing.of(names, identity, 100)::owner;
      case Rendezvous -> io.github.twochoice.place.Rendezvous.ofNames(names)::owner;
      case WeightedRendezvous -> weightedOwner(names, identity);
      case Hierarchical16 -> HierarchicalRendezvous.of(names, identity, 16)::owner;
      case LookupTable -> io.github.twochoice.place.LookupTable.of(names, identity)::owner;
    };
  }

  /** Weighted rendezvous over {@code names}, logarithmic scores, weights 1 to 4 in turn. */
  private static Function<String, String> weightedOwner(
      List<String> names, Function<String, String> identity) {
    WeightedRendezvous<String> weighted =
        io.github.twochoice.place.WeightedRendezvous.create(identity, WeightedScore.LOGARITHMIC);
    for (int i = 0; i < names.size(); i++) {
      weighted.add(names.get(i), 1 + i % 4);
    }
    return weighted::owner;
  }

  /** Looks up every key once. */
  @Benchmark
  @OperationsPerInvocation(KEYS)
  public void owner(Blackhole blackhole) {
    Function<String, String> o = owner;
    for (String key : keys) {
      blackhole.consume(o.apply(key));
    }
  }
}
