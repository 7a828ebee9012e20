/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The event loop against independent references: a FIFO recomputation of every completion from a
 * trace, queue lengths swept from the trace, and the bookkeeping of requests and work.
 */
class SimulationTest {
  private static final int REQUESTS = 4_000;

  private static void assertRejected(String argument, Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(e.getMessage().contains(argument), e.getMessage());
  }

  /** A small run on unequal servers, with a board so that all the machinery takes part. */
  private static Simulation.Builder small(Trace trace) {
    return Simulation.builder()
        .speeds(1, 2, 0.5)
        .utilisation(0.85)
        .policy(Policy.leastWork())
        .boardPeriod(0.7)
        .requests(REQUESTS)
        .sampleLongestQueueEvery(5)
        .listener(trace)
        .seed(8);
  }

  @Test
  void everyCompletionIsWhatAFifoServerWouldGive() {
    Trace trace = new Trace(REQUESTS);
    RunResult result = small(trace).build().run();
    double[] speeds = {1, 2, 0.5};
    double[] finish = new double[3];
    double[] response = new double[REQUESTS];
    for (int r = 0; r < REQUESTS; r++) { // in arrival order
      int s = trace.server[r];
      finish[s] = Math.max(trace.arrival[r], finish[s]) + trace.work[r] / speeds[s];
      assertEquals(finish[s], trace.completion[r], 1e-9 * finish[s], "request " + r);
      response[r] = trace.completion[r] - trace.arrival[r];
      assertTrue(r == 0 || trace.arrival[r] > trace.arrival[r - 1]);
    }
    assertEquals(Arrays.stream(response).average().orElseThrow(), result.mean(), 1e-9);
    Arrays.sort(response);
    assertEquals(response[REQUESTS / 2 - 1], result.median());
    assertEquals(response[(int) Math.ceil(0.99 * REQUESTS) - 1], result.p99());
    assertEquals(response[(int) Math.ceil(0.999 * REQUESTS) - 1], result.p999());
    assertEquals(response[REQUESTS - 1], result.max());
  }

  @Test
  void noRequestIsLostOrServedTwiceAndWorkIsConserved() {
    Trace trace = new Trace(REQUESTS);
    RunResult result = small(trace).build().run();
    assertEquals(REQUESTS, trace.answers); // Trace fails on a second answer
    assertEquals(REQUESTS, result.served());
    assertEquals(0, result.errors());
    assertEquals(REQUESTS, result.measured());
    assertEquals(REQUESTS, Arrays.stream(result.requestsPerServer()).sum());
    double traced = Arrays.stream(trace.work).sum();
    assertEquals(traced, result.workArrived(), 1e-9 * traced);
    assertEquals(result.workArrived(), result.workServed(), 1e-9 * traced);
    double last = Arrays.stream(trace.completion).max().orElseThrow();
    assertEquals(last, result.endTime());
    double[] perServer = new double[3];
    for (int r = 0; r < REQUESTS; r++) {
      perServer[trace.server[r]] += trace.work[r];
    }
    assertArrayEquals(perServer, result.workPerServer(), 1e-9 * traced);
  }

  @Test
  void failedRequestsAreCountedNotServed() {
    Trace trace = new Trace(REQUESTS);
    RunResult result = small(trace).serverFailsAt(1, 300).build().run();
    assertEquals(REQUESTS, trace.answers);
    assertEquals(REQUESTS, result.served() + result.errors());
    double errorWork = 0;
    for (int r = 0; r < REQUESTS; r++) {
      boolean expected = trace.server[r] == 1 && trace.arrival[r] >= 300;
      assertEquals(expected, trace.error[r], "request " + r);
      if (trace.error[r]) {
        assertEquals(trace.arrival[r], trace.completion[r]); // answered at once
        errorWork += trace.work[r];
      }
    }
    assertTrue(result.errors() > 0);
    assertEquals(result.workArrived(), result.workServed() + errorWork, 1e-9 * errorWork);
    assertEquals(result.served(), result.measured());
  }

  @Test
  void queueLengthsAndSamplesMatchTheTrace() {
    Trace trace = new Trace(REQUESTS);
    RunResult result = small(trace).build().run();
    // Sweep each server's arrivals (+1) and completions (-1) over [first arrival, last arrival].
    double from = trace.arrival[0];
    double to = trace.arrival[REQUESTS - 1];
    double[] timeAtLeast = new double[64];
    int[] longest = new int[3];
    for (int s = 0; s < 3; s++) {
      List<double[]> events = new ArrayList<>();
      for (int r = 0; r < REQUESTS; r++) {
        if (trace.server[r] == s) {
          events.add(new double[] {trace.arrival[r], +1});
          events.add(new double[] {trace.completion[r], -1});
        }
      }
      events.sort((a, b) -> Double.compare(a[0], b[0]));
      int length = 0;
      double previous = from;
      for (double[] e : events) {
        double t = Math.min(Math.max(e[0], from), to);
        for (int i = 1; i <= length; i++) {
          timeAtLeast[i] += t - previous;
        }
        previous = t;
        length += (int) e[1];
        longest[s] = Math.max(longest[s], length);
      }
    }
    assertArrayEquals(longest, result.longestQueuePerServer());
    assertEquals(Arrays.stream(longest).max().orElseThrow(), result.longestQueue());
    for (int i = 1; i < 64; i++) {
      assertEquals(timeAtLeast[i] / (3 * (to - from)), result.fractionOfTimeAtLeast(i), 1e-9);
    }
    assertEquals(1, result.fractionOfTimeAtLeast(0), 1e-12);
    assertEquals(timeAveragedLongest(trace, from, to), result.meanLongestQueue(), 1e-9);
    assertTrue(result.meanLongestQueue() <= result.longestQueue());
    assertTrue(result.meanLongestQueue() >= result.fractionOfTimeAtLeast(1));

    int[] series = result.longestQueueSeries();
    assertEquals(5, result.sampleInterval());
    assertEquals((int) Math.floor(result.endTime() / 5) + 1, series.length);
    for (int k = 0; k < series.length; k++) {
      int max = 0;
      for (int s = 0; s < 3; s++) {
        max = Math.max(max, trace.outstandingAt(s, k * 5.0));
      }
      assertEquals(max, series[k], "sample " + k);
    }
  }

  /** The longest of the three queues averaged over [from, to], swept from the trace. */
  private static double timeAveragedLongest(Trace trace, double from, double to) {
    List<double[]> events = new ArrayList<>(); // time, server, +1 or -1
    for (int r = 0; r < REQUESTS; r++) {
      events.add(new double[] {trace.arrival[r], trace.server[r], +1});
      events.add(new double[] {trace.completion[r], trace.server[r], -1});
    }
    events.sort((a, b) -> Double.compare(a[0], b[0]));
    int[] length = new int[3];
    double integral = 0;
    double previous = from;
    for (double[] e : events) {
      double t = Math.min(Math.max(e[0], from), to);
      integral += Arrays.stream(length).max().orElseThrow() * (t - previous);
      previous = t;
      length[(int) e[1]] += (int) e[2];
    }
    return integral / (to - from);
  }

  @Test
  void theBoardShowsTheLoadsOfTheLastUpdate() {
    Trace trace = new Trace(REQUESTS);
    List<double[]> decisions = new ArrayList<>(); // now, then the board's three counts
    Policy recording =
        new CheckedPolicy(
            Policy.leastLoaded(),
            (load, read, chosen) ->
                decisions.add(
                    new double[] {
                      load.now(), load.outstanding(0), load.outstanding(1), load.outstanding(2)
                    }));
    small(trace).policy(recording).build().run();
    for (double[] d : decisions) {
      double update = Math.floor(d[0] / 0.7) * 0.7;
      for (int s = 0; s < 3; s++) {
        assertEquals(trace.outstandingAt(s, update), (int) d[1 + s], "at " + d[0]);
      }
    }
  }

  @Test
  void warmupLeavesOutTheFirstRequests() {
    RunResult all = Simulation.builder().requests(20_000).build().run();
    RunResult later = Simulation.builder().requests(20_000).warmup(5_000).build().run();
    assertEquals(15_000, later.measured());
    assertEquals(20_000, later.served());
    assertNotEquals(all.mean(), later.mean());
  }

  @Test
  void theSameSeedGivesTheSameRunAndAnotherSeedAnother() {
    Simulation.Builder builder =
        Simulation.builder()
            .policy(Policy.peakEwma())
            .requests(50_000)
            .boardPeriod(3)
            .sampleLongestQueueEvery(10)
            .seed(99);
    Simulation simulation = builder.build();
    RunResult first = simulation.run();
    RunResult again = simulation.run();
    RunResult rebuilt = builder.build().run();
    for (RunResult other : List.of(again, rebuilt)) {
      assertEquals(first.mean(), other.mean());
      assertEquals(first.p999(), other.p999());
      assertEquals(first.endTime(), other.endTime());
      assertArrayEquals(first.requestsPerServer(), other.requestsPerServer());
      assertArrayEquals(first.longestQueueSeries(), other.longestQueueSeries());
      assertEquals(first.fractionOfTimeAtLeast(3), other.fractionOfTimeAtLeast(3));
    }
    RunResult otherSeed = builder.seed(100).build().run();
    assertNotEquals(first.mean(), otherSeed.mean());
    assertNotEquals(first.endTime(), otherSeed.endTime());
  }

  @Test
  void badSettingsAreRejectedByName() {
    Simulation.Builder b = Simulation.builder();
    for (double lambda : new double[] {1, 1.5, 0, -0.1, Double.NaN}) {
      assertRejected("utilisation", () -> b.utilisation(lambda));
    }
    assertRejected("servers", () -> b.servers(0));
    assertRejected("speeds", () -> b.speeds());
    assertRejected("speeds[1]", () -> b.speeds(1, 0));
    assertRejected("speeds[0]", () -> b.speeds(Double.NaN));
    assertThrows(NullPointerException.class, () -> b.speeds((double[]) null));
    assertRejected("requests", () -> b.requests(0));
    assertRejected("warmup", () -> b.warmup(-1));
    assertRejected("warmup", () -> Simulation.builder().requests(10).warmup(10).build());
    assertRejected("period", () -> b.boardPeriod(-1));
    assertRejected("period", () -> b.boardPeriod(Double.POSITIVE_INFINITY));
    assertRejected("interval", () -> b.sampleLongestQueueEvery(-1));
    assertRejected("time", () -> b.lastServerJoinsAt(0));
    assertRejected("join", () -> Simulation.builder().servers(1).lastServerJoinsAt(5).build());
    assertRejected("server", () -> b.serverFailsAt(-1, 0));
    assertRejected("time", () -> b.serverFailsAt(0, Double.NaN));
    assertRejected("server", () -> Simulation.builder().servers(3).serverFailsAt(3, 1).build());
    assertThrows(NullPointerException.class, () -> b.policy(null));
    assertThrows(NullPointerException.class, () -> b.serviceTimes(null));
    assertThrows(NullPointerException.class, () -> b.listener(null));

    assertRejected("d", () -> Policy.bestOf(0));
    assertRejected("d", () -> Policy.bestOf(65));
    assertThrows(NullPointerException.class, () -> Policy.bestOf(2, null, Policy.Ties.RANDOM));
    assertRejected(
        "d must be at most",
        () -> Simulation.builder().servers(2).policy(Policy.bestOf(3)).build().run());
    assertRejected("weights[1]", () -> Policy.weighted(new double[] {1, -2}));
    assertRejected(
        "weights",
        () ->
            Simulation.builder()
                .servers(3)
                .policy(Policy.weighted(new double[] {1, 2}))
                .build()
                .run());
    assertRejected("decayTime", () -> Policy.peakEwma(0, 1));
    assertRejected("initialEstimate", () -> Policy.peakEwma(1, -1));
  }

  @Test
  void aPolicyThatPicksOutsideThePoolIsReported() {
    Policy broken =
        new Policy() {
          @Override
          public String name() {
            return "broken";
          }

          @Override
          public Dispatcher newDispatcher(int servers, double meanWork) {
            return (load, random) -> load.servers();
          }
        };
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> Simulation.builder().policy(broken).requests(10).build().run());
    assertTrue(e.getMessage().contains("broken chose server 10"), e.getMessage());
  }

  @Test
  void inFlightRemovesInTimeOrderWhileGrowing() {
    InFlight inFlight = new InFlight(2);
    SplittableRandom random = new SplittableRandom(4);
    double[] times = new double[1000];
    for (int r = 0; r < times.length; r++) {
      times[r] = random.nextDouble();
      inFlight.add(times[r], r, r % 7, -r, 2.0 * r, r % 3 == 0);
    }
    Arrays.sort(times);
    for (double expected : times) {
      assertEquals(expected, inFlight.nextCompletion());
      int slot = inFlight.removeNext();
      int r = inFlight.request(slot);
      assertEquals(r % 7, inFlight.server(slot));
      assertEquals(-r, inFlight.arrival(slot));
      assertEquals(2.0 * r, inFlight.work(slot));
      assertEquals(r % 3 == 0, inFlight.error(slot));
    }
    assertTrue(inFlight.isEmpty());
  }
}
