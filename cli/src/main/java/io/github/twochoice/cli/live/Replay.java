/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.live;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A log replayed through a cache as a web cache would: every request a get, every miss a set. A
 * third of the way through, one server stops; two thirds through, the client's list replaces it by
 * a new server. The replay counts hits in each of the three phases and, for each event, how many of
 * the keys requested in the phase before it (so cached when it came) miss at their first request
 * after it: the keys the event lost or moved.
 */
final class Replay {
  private final long[] requests = new long[3];
  private final long[] hits = new long[3];
  private final long[] missedAgain = new long[3];
  private final long[] askedAgain = new long[3];

  /** The replay's requests in this many equal windows, for the hit ratio over time. */
  static final int WINDOWS = 60;

  private final long[] windowHits = new long[WINDOWS];
  private long[] items;
  private long[] serverHits;
  private int size;

  private Replay() {}

  /** Replays {@code keys} (one per request, in order) through {@code cache}, stopping server i. */
  static Replay run(Cache cache, List<String> keys, int stopped) {
    Replay replay = new Replay();
    replay.size = keys.size();
    Set<String> before = new HashSet<>();
    Set<String> seen = new HashSet<>();
    int phase = 0;
    for (int r = 0; r < keys.size(); r++) {
      int now = (int) (3L * r / keys.size());
      if (now != phase) {
        phase = now;
        if (phase == 1) {
          cache.stop(stopped);
        } else {
          cache.replace(stopped);
        }
        before = seen;
        seen = new HashSet<>();
      }
      String key = keys.get(r);
      boolean hit = cache.get(key);
      if (!hit) {
        cache.set(key);
      }
      replay.requests[phase]++;
      replay.hits[phase] += hit ? 1 : 0;
      replay.windowHits[(int) ((long) WINDOWS * r / keys.size())] += hit ? 1 : 0;
      if (before.remove(key)) {
        replay.askedAgain[phase]++;
        replay.missedAgain[phase] += hit ? 0 : 1;
      }
      seen.add(key);
    }
    replay.items = cache.items();
    replay.serverHits = cache.hits();
    return replay;
  }

  /**
   * The fraction of phase p's requests that hit: 0 before the stop, 1 after, 2 after the new
   * server.
   */
  double hitRatio(int phase) {
    return (double) hits[phase] / requests[phase];
  }

  /**
   * Of the keys requested in the phase before event e (1: the stop, 2: the new server) and again
   * after it, the fraction that missed at their first request after it.
   */
  double missedAfter(int event) {
    return (double) missedAgain[event] / askedAgain[event];
  }

  /** How many keys requested before event e were requested again after it. */
  long askedAfter(int event) {
    return askedAgain[event];
  }

  /** The keys each server held at the end (0 for the stopped one). */
  long[] items() {
    return items.clone();
  }

  /** The gets each server answered with a value. */
  long[] serverHits() {
    return serverHits.clone();
  }

  /** The hit ratio in each window, in %, at the window's last request: the curve over time. */
  List<double[]> hitRatioOverTime() {
    List<double[]> points = new ArrayList<>();
    for (int w = 0; w < WINDOWS; w++) {
      long first = ((long) w * size + WINDOWS - 1) / WINDOWS;
      long end = ((long) (w + 1) * size + WINDOWS - 1) / WINDOWS;
      points.add(new double[] {end, 100.0 * windowHits[w] / (end - first)});
    }
    return points;
  }

  /** Two replays are equal when every count is: the real cluster did what the simulation did. */
  @Override
  public boolean equals(Object other) {
    return other instanceof Replay that
        && Arrays.equals(requests, that.requests)
        && Arrays.equals(hits, that.hits)
        && Arrays.equals(missedAgain, that.missedAgain)
        && Arrays.equals(askedAgain, that.askedAgain)
        && Arrays.equals(windowHits, that.windowHits)
        && Arrays.equals(items, that.items)
        && Arrays.equals(serverHits, that.serverHits);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        Arrays.hashCode(hits), Arrays.hashCode(missedAgain), Arrays.hashCode(items));
  }

  @Override
  public String toString() {
    return "requests "
        + Arrays.toString(requests)
        + ", hits "
        + Arrays.toString(hits)
        + ", missed again "
        + Arrays.toString(missedAgain)
        + " of "
        + Arrays.toString(askedAgain)
        + ", items "
        + Arrays.toString(items)
        + ", hits per server "
        + Arrays.toString(serverHits);
  }
}
