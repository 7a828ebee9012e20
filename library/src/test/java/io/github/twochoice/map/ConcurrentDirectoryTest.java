/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.hash.ChoiceHasher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The segments of {@link ConcurrentDirectory}, counted bucket by bucket. Every case uses buckets of
 * 4 slots at a load factor of 1/2 (room for 2 keys per bucket) and splits past 16 keys of room, so
 * that each number below follows from that arithmetic: a presized directory shares one table's
 * buckets out among the fewest segments with room for at most 16 keys each; a segment doubles while
 * the map has under 2<sup>10</sup> slots and grows by half from there, splitting in two once the
 * grown segment would have room for more than 16 keys.
 */
class ConcurrentDirectoryTest {
  private static final int SLOTS = 4;
  private static final double LOAD = 0.5;
  private static final int SPLIT_KEYS = 16;
  private static final Duration PATIENCE = Duration.ofSeconds(20);

  private static final ChoiceHasher HASHER = ConcurrentCuckooHashMap.builder().seed(1).hasher();

  private static ConcurrentDirectory directory(long expectedSize) {
    return new ConcurrentDirectory(2, SLOTS, LOAD, 1, SPLIT_KEYS, HASHER, null, expectedSize);
  }

  private static ConcurrentCuckooTable[] segments(ConcurrentDirectory d) {
    return d.whileFrozen(all -> all);
  }

  private static ConcurrentCuckooTable segmentWithPattern(ConcurrentDirectory d, int pattern) {
    return Arrays.stream(segments(d)).filter(s -> s.pattern == pattern).findFirst().orElseThrow();
  }

  private static int[] buckets(ConcurrentDirectory d) {
    return Arrays.stream(segments(d)).mapToInt(ConcurrentCuckooTable::buckets).toArray();
  }

  @Test
  void aPresizedDirectorySharesOneTablesBucketsOutAmongAsFewSegmentsAsHoldTheirRoom() {
    // 100 keys: 50 buckets; 8 segments have room for 12-14 keys each, 4 would have 24-26
    assertArrayEquals(new int[] {7, 7, 6, 6, 6, 6, 6, 6}, buckets(directory(100)));
    // 128 keys: 64 buckets; 8 segments of 8 buckets have room for exactly 16 keys: no more split
    assertArrayEquals(new int[] {8, 8, 8, 8, 8, 8, 8, 8}, buckets(directory(128)));
    assertArrayEquals(new int[] {1}, buckets(directory(0)));
  }

  @Test
  void aSmallSegmentDoublesAndSplitsOnlyOnceItsRoomWouldExceedTheSplitKeys() {
    ConcurrentDirectory d = directory(0);
    int[][] expected = {{2}, {4}, {8}, {8, 8}};
    for (int[] after : expected) {
      assertTrue(d.grow(segments(d)[0], false));
      assertArrayEquals(after, buckets(d));
    }
    ConcurrentCuckooTable[] halves = segments(d);
    assertEquals(1, halves[0].depth);
    assertEquals(0, halves[0].pattern);
    assertEquals(1, halves[1].pattern);
  }

  @Test
  void aSegmentOfALargeMapGrowsByHalf() {
    ConcurrentDirectory d = directory(2048); // 1024 buckets: 4096 slots in 128 segments of 8
    ConcurrentCuckooTable[] before = segments(d);
    assertEquals(128, before.length);
    assertTrue(d.grow(before[0], false));
    int[] after = buckets(d);
    assertEquals(129, after.length);
    // 8 buckets grow to 12, room for 24 keys: two halves of 6
    assertEquals(2, Arrays.stream(after).filter(b -> b == 6).count());
    assertEquals(1024 - 8 + 12, Arrays.stream(after).sum());
  }

  @Test
  void aSegmentIsCrowdedAtHalfItsRoomAndFullAtItsRoom() {
    ConcurrentDirectory d = directory(0);
    ConcurrentCuckooTable first = segments(d)[0]; // 1 bucket: room for 2 keys
    CuckooPath path = new CuckooPath();
    for (int k = 1; k <= 2; k++) {
      Integer key = -k;
      first.placeAlone(HASHER.hash(key), key, k, path);
      assertEquals(k == 2, d.growIfFull(first, 0), "the first segment is not presized, at " + k);
    }
    d.grow(segments(d)[0], false);
    d.grow(segments(d)[0], false);
    ConcurrentCuckooTable segment = segments(d)[0]; // 8 buckets: room for 16 keys
    for (int keys = 3; keys <= 16; keys++) { // the first two keys came along
      Integer key = keys;
      segment.placeAlone(HASHER.hash(key), key, keys, path);
      assertEquals(keys, segment.keysInBuckets());
      assertEquals(keys >= 8, d.isCrowded(segment), "a key without a path grows it, at " + keys);
      assertEquals(keys == 16, d.growIfFull(segment, 0), "grown for its load, at " + keys);
    }
    assertArrayEquals(new int[] {8, 8}, buckets(d));
  }

  /**
   * A segment of several stripes grows for its load at the first insert that finds it holding its
   * room while the insert's own stripe holds its share of that room: an insert into a stripe below
   * its share does not sum the others' counts, so the segment may hold a key more than its room
   * before it grows.
   */
  @Test
  void aSegmentOfSeveralStripesGrowsOnceFullFromAStripeThatHoldsItsShare() {
    int stripes = 4;
    ConcurrentDirectory d =
        new ConcurrentDirectory(2, SLOTS, LOAD, stripes, Integer.MAX_VALUE, HASHER, null, 0);
    while (segments(d)[0].stripeCount() < stripes) {
      assertTrue(d.grow(segments(d)[0], false));
    }
    ConcurrentCuckooTable segment = segments(d)[0];
    int room = (int) (segment.slots() * LOAD);
    long[] keysOfStripe = new long[stripes];
    CuckooPath path = new CuckooPath();
    int next = 0;
    for (int keys = 1; keys < room; keys++) {
      assertFalse(place(d, segment, next++, keysOfStripe, path), "grown below its room");
    }
    int shortest = 0;
    int longest = 0;
    for (int s = 0; s < stripes; s++) {
      shortest = keysOfStripe[s] < keysOfStripe[shortest] ? s : shortest;
      longest = keysOfStripe[s] > keysOfStripe[longest] ? s : longest;
    }
    assertTrue(keysOfStripe[shortest] + 1 < room / stripes, "a stripe short of its share");
    next = nextKeyOfStripe(segment, shortest, next);
    assertFalse(place(d, segment, next++, keysOfStripe, path), "full, from a short stripe");
    next = nextKeyOfStripe(segment, longest, next);
    assertTrue(place(d, segment, next, keysOfStripe, path), "full, from a stripe at its share");
  }

  /** Places key {@code key} alone, counts it in its stripe, and returns whether that grew it. */
  private static boolean place(
      ConcurrentDirectory d,
      ConcurrentCuckooTable segment,
      Integer key,
      long[] keysOfStripe,
      CuckooPath path) {
    long hash = HASHER.hash(key);
    segment.placeAlone(hash, key, key, path);
    keysOfStripe[segment.stripeOf(hash)]++;
    return d.growIfFull(segment, segment.bucketOf(hash, 0));
  }

  /** Returns the first key from {@code from} on whose buckets lie in {@code stripe}. */
  private static int nextKeyOfStripe(ConcurrentCuckooTable segment, int stripe, int from) {
    int key = from;
    while (segment.stripeOf(HASHER.hash(key)) != stripe) {
      key++;
    }
    return key;
  }

  @Test
  void aGrowthForLoadOfASegmentThatIsNotFullLeavesItInPlaceAndWritable() {
    ConcurrentDirectory d = directory(0);
    ConcurrentCuckooTable segment = segments(d)[0];
    assertFalse(d.grow(segment, true));
    assertSame(segment, segments(d)[0]);
    assertTrue(segment.lock(0), "thawed: a writer takes its stripe");
    segment.unlock(0, false);
    assertTimeoutPreemptively(PATIENCE, () -> assertTrue(d.grow(segment, false)));
  }

  /**
   * An optimistic visit of every segment reports whether it saw one moment of the map: it fails if
   * a writer changed a segment it had visited, or a growth began, while it ran (here from inside
   * the visitor, so the moment is exact), and succeeds if a writer took a stripe and changed
   * nothing.
   */
  @Test
  void anOptimisticVisitSeesOneMomentOrFails() {
    ConcurrentDirectory d = directory(128);
    ConcurrentCuckooTable[] all = segments(d);
    List<ConcurrentCuckooTable> visited = new ArrayList<>();
    assertTrue(d.visitOptimistically(visited::add), "nothing overlapped the visit");
    assertEquals(Arrays.asList(all), visited);
    assertTrue(d.visitOptimistically(s -> writeDuringTheVisit(s, all[0], false)));
    assertFalse(d.visitOptimistically(s -> writeDuringTheVisit(s, all[0], true)));
    assertFalse(d.visitOptimistically(s -> writeDuringTheVisit(s, all[7], true)));
    assertFalse(
        d.visitOptimistically(
            s -> {
              if (s == all[3]) {
                assertTrue(d.grow(all[5], false));
              }
            }));
  }

  /** When the visit reaches {@code at}, takes its first stripe and changes it or not. */
  private static void writeDuringTheVisit(
      ConcurrentCuckooTable visiting, ConcurrentCuckooTable at, boolean changed) {
    if (visiting == at) {
      assertTrue(at.lock(0));
      at.unlock(0, changed);
    }
  }

  @Test
  void aReplacedSegmentIsNotGrownAgainAndTurnsWritersAway() {
    ConcurrentDirectory d = directory(0);
    ConcurrentCuckooTable segment = segments(d)[0];
    assertTrue(d.grow(segment, false));
    assertNotSame(segment, segments(d)[0]);
    assertFalse(d.grow(segment, false), "another thread grew it");
    assertFalse(segment.lock(0), "a writer starts again on its replacement");
  }

  @Test
  void clearRetiresEverySegmentFrozenAndReleasesTheDirectory() throws Exception {
    ConcurrentDirectory d = directory(100);
    ConcurrentCuckooTable[] before = segments(d);
    d.clear();
    for (ConcurrentCuckooTable segment : before) {
      assertFalse(segment.lock(0), "a writer of a cleared segment starts again on the new one");
    }
    int[] after =
        CompletableFuture.supplyAsync(() -> buckets(d)).get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
    assertArrayEquals(new int[] {7, 7, 6, 6, 6, 6, 6, 6}, after);
  }

  /** A key whose {@code hashCode()} waits on the thread named "grower" until released. */
  private static final class StallingKey extends HookedKey {
    final CountDownLatch stalled = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);

    StallingKey(int value) {
      super(value, value);
    }

    @Override
    void beforeHash() {
      if (Thread.currentThread().getName().equals("grower")) {
        pause(stalled, release);
      }
    }
  }

  @Test
  void growthsOfDifferentSegmentsRunTogetherWhileADirectoryDoublingWaitsForThem() throws Exception {
    ConcurrentDirectory d = directory(0);
    for (int i = 0; i < 4; i++) {
      d.grow(segments(d)[0], false); // 1, 2, 4, 8 buckets, then two segments of 8
    }
    d.grow(segmentWithPattern(d, 0), false); // patterns 0 and 2 at depth 2: a directory of 4
    d.grow(segmentWithPattern(d, 0), false); // patterns 0 and 4 at depth 3: a directory of 8
    ConcurrentCuckooTable depth1 = segmentWithPattern(d, 1);
    ConcurrentCuckooTable depth2 = segmentWithPattern(d, 2);
    ConcurrentCuckooTable depth3 = segmentWithPattern(d, 0);
    assertEquals(List.of(1, 2, 3), List.of(depth1.depth, depth2.depth, depth3.depth));

    StallingKey key = null;
    long hash = 0;
    for (int v = 0; key == null; v++) {
      StallingKey candidate = new StallingKey(v);
      hash = HASHER.hash(candidate);
      key = d.segmentOf(hash) == depth1 ? candidate : null;
    }
    depth1.placeAlone(hash, key, "value", new CuckooPath());
    Thread grower = new Thread(() -> d.grow(depth1, false), "grower");
    grower.start();
    try {
      assertTrue(key.stalled.await(PATIENCE.toSeconds(), TimeUnit.SECONDS));
      // the stalled growth splits without doubling the directory, as does this one
      assertTimeoutPreemptively(PATIENCE, () -> assertTrue(d.grow(depth2, false)));
      CompletableFuture<Boolean> doubling =
          CompletableFuture.supplyAsync(() -> d.grow(depth3, false));
      TimeUnit.MILLISECONDS.sleep(200);
      assertFalse(doubling.isDone(), "a growth that doubles the directory waits for the others");
      key.release.countDown();
      assertTrue(doubling.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
    } finally {
      key.release.countDown();
      grower.join(PATIENCE.toMillis());
    }
    assertNotSame(depth1, d.segmentOf(hash));
    assertEquals("value", d.segmentOf(hash).get(hash, key));
    assertEquals(7, segments(d).length);
  }
}
