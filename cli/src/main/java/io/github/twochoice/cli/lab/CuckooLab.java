/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

import io.github.twochoice.cli.balls.BallsFigures;
import io.github.twochoice.cli.balls.Threshold;
import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.sim.CuckooTable;
import io.github.twochoice.sim.CuckooThreshold;
import io.github.twochoice.theory.Theory;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The cuckoo page: a {@link CuckooTable} of d choices and b slots per bucket filled with the keys
 * 0, 1, 2, … until the first key that cannot be placed, as {@link CuckooThreshold#firstFailureLoad}
 * does. For every insert it reports what the table did, read through the table's own views: the
 * key's candidate buckets, the keys that moved (every key's bucket before and after the insert; the
 * exact insert moves them along one augmenting path, listed from the new key outwards), the
 * buckets' keys afterwards, and for the failing insert the connected component of the cuckoo graph
 * that has no free slot. The threshold sweep is {@link Threshold#measure}, drawn by {@link
 * BallsFigures#cuckooChart}.
 *
 * <p>Cost: the trace reads every key's bucket around each insert, O(cells²) for a table of at most
 * {@value #MAX_CELLS} cells; the sweep fills {@code trials} tables.
 */
final class CuckooLab {
  /** The most cells the animated table draws. */
  static final int MAX_CELLS = 128;

  /** The most cells of the sweep's tables. */
  static final int MAX_SWEEP_CELLS = 1 << 16;

  private CuckooLab() {}

  /** {@code /api/cuckoo?d=&b=&cells=&seed=}: every insert up to the first failure. */
  static Json.Obj trace(Params params) {
    int d = params.integer("d", 2, 2, 4);
    int b = slotsPerBucket(params);
    int cells = wholeBuckets(params.integer("cells", 16, 4, MAX_CELLS), b);
    long seed = params.seed();
    params.checkAllRead();
    CuckooTable table = CuckooTable.withCells(d, b, cells, seed);
    List<Json.Obj> inserts = new ArrayList<>();
    List<Integer> keys = new ArrayList<>();
    boolean failed = false;
    for (int key = 0; key < table.cells() && !failed; key++) {
      int[] before = homes(table, keys);
      boolean placed = table.add(key);
      Json.Obj insert =
          Json.obj()
              .put("key", key)
              .put("candidates", table.candidateBuckets(key))
              .put("placed", placed);
      if (placed) {
        insert.put("bucket", table.bucketHolding(key)).put("path", path(table, key, keys, before));
        keys.add(key);
      } else {
        insert.put("path", List.of()).put("component", component(table, key));
        failed = true;
      }
      inserts.add(insert.put("table", contents(table)));
    }
    return Json.obj()
        .put("d", d)
        .put("b", b)
        .put("cells", table.cells())
        .put("buckets", table.buckets())
        .put("seed", seed)
        .put("steps", inserts.size())
        .put("failed", failed)
        .put("load", table.load())
        .put("threshold", Theory.cuckooThreshold(d, b))
        .put("inserts", inserts);
  }

  /** The cells, refused unless they fill whole buckets of b slots (a table never rounds them). */
  private static int wholeBuckets(int cells, int b) {
    if (cells % b != 0) {
      throw new BadRequest("cells must be a multiple of b = " + b + ": " + cells);
    }
    return cells;
  }

  private static int slotsPerBucket(Params params) {
    int b = params.integer("b", 1, 1, 8);
    if (Integer.bitCount(b) != 1) {
      throw new BadRequest("b must be 1, 2, 4 or 8: " + b);
    }
    return b;
  }

  private static int[] homes(CuckooTable table, List<Integer> keys) {
    int[] homes = new int[keys.size()];
    for (int k = 0; k < homes.length; k++) {
      homes[k] = table.bucketHolding(keys.get(k));
    }
    return homes;
  }

  /**
   * The moves of an insert, {@code [key, from, to]}, from the new key outwards: the key that left
   * the new key's bucket first, then the key that left the bucket it went to, and so on.
   */
  private static List<int[]> path(CuckooTable table, int key, List<Integer> keys, int[] before) {
    int[] after = homes(table, keys);
    List<int[]> moves = new ArrayList<>();
    int bucket = table.bucketHolding(key);
    for (boolean found = true; found; ) {
      found = false;
      for (int k = 0; k < before.length; k++) {
        if (before[k] == bucket && after[k] != before[k]) {
          moves.add(new int[] {keys.get(k), before[k], after[k]});
          bucket = after[k];
          found = true;
          break;
        }
      }
    }
    return moves;
  }

  /** The buckets reachable from a key's candidates by moving keys, and the keys living there. */
  static Json.Obj component(CuckooTable table, int key) {
    Set<Integer> buckets = new LinkedHashSet<>();
    List<Object> residents = new ArrayList<>();
    Deque<Integer> queue = new ArrayDeque<>();
    for (int bucket : table.candidateBuckets(key)) {
      if (buckets.add(bucket)) {
        queue.add(bucket);
      }
    }
    while (!queue.isEmpty()) {
      for (Object resident : table.keysIn(queue.poll())) {
        residents.add(resident);
        for (int next : table.candidateBuckets(resident)) {
          if (buckets.add(next)) {
            queue.add(next);
          }
        }
      }
    }
    List<int[]> edges = new ArrayList<>();
    for (Object resident : residents) {
      edges.add(table.candidateBuckets(resident));
    }
    return Json.obj().put("buckets", buckets).put("keys", residents).put("edges", edges);
  }

  /** The keys of every bucket, in slot order. */
  static List<List<Object>> contents(CuckooTable table) {
    List<List<Object>> buckets = new ArrayList<>(table.buckets());
    for (int bucket = 0; bucket < table.buckets(); bucket++) {
      buckets.add(table.keysIn(bucket));
    }
    return buckets;
  }

  /**
   * {@code /api/cuckoo/sweep?d=&b=&cells=&trials=&seed=}: the first-failure loads of many tables
   * (their median, and the loads by which a tenth and nine tenths of them had failed) and the
   * fraction that holds all keys at each load, beside the threshold.
   */
  static Json.Obj sweep(Params params) {
    int d = params.integer("d", 2, 2, 4);
    int b = slotsPerBucket(params);
    int cells = wholeBuckets(params.integer("cells", 4096, 64, MAX_SWEEP_CELLS), b);
    int trials = params.integer("trials", 50, 5, 200);
    long seed = params.seed();
    params.checkAllRead();
    Progress quiet = new Progress(new PrintWriter(Writer.nullWriter()), "", 1, false);
    Threshold row = Threshold.measure(List.of(new int[] {d, b}), cells, trials, seed, quiet).get(0);
    return Json.obj()
        .put("d", d)
        .put("b", b)
        .put("cells", cells)
        .put("trials", trials)
        .put("seed", seed)
        .put("median", row.median())
        .put("low", row.quantile(0.1))
        .put("high", row.quantile(0.9))
        .put("threshold", row.theory())
        .put("figure", LabFigure.of(BallsFigures.cuckooChart(List.of(row))));
  }
}
