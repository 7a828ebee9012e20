/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.hash.ChoiceHasher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The stripes of {@link ConcurrentCuckooTable} — its optimistic reads and its locks — in the states
 * that a single-threaded test never meets, each held still, in a segment of four stripes: a segment
 * frozen for a growth (readers go on); a stripe held by a writer for longer than the optimistic
 * reads last (a reader takes the stripe, or reads the segment if it was retired meanwhile; the path
 * search's read of a bucket gives up; a freeze gives up if the segment is retired); and a writer
 * that changes the stripe while a lookup compares keys, in a segment just built by a growth (here
 * from inside the lookup key's {@code equals}, so the moment is exact). In the last case the lookup
 * must neither report absent a key that was present throughout nor call {@code equals} on a key it
 * read after the writer began. And the stripes themselves: a key's buckets lie in its stripe, and
 * the stripes share the keys out evenly.
 */
class ConcurrentCuckooStripesTest {
  private static final long SEED = 0x5EEDL;

  /** Four stripes of 128 buckets: {@link ConcurrentCuckooTable#MIN_BUCKETS_PER_STRIPE} each. */
  private static final int BUCKETS = 512;

  private static final int STRIPES = 4;
  private static final long WAIT_SECONDS = 20;

  /** A key of a chosen hash code whose {@code equals} records what it was compared with. */
  private static final class Probe extends HookedKey {
    final List<Object> comparedWith = new ArrayList<>();
    Runnable onFirstEquals;

    Probe(int value, int hash) {
      super(value, hash);
    }

    Probe copy() {
      return new Probe(value, hash);
    }

    @Override
    void beforeEquals(Object other) {
      comparedWith.add(other);
      Runnable hook = onFirstEquals;
      onFirstEquals = null;
      if (hook != null) {
        hook.run();
      }
    }
  }

  /** Key {@code i}, its hash code spread by the golden ratio. */
  private static Probe spread(int i) {
    return new Probe(i, i * 0x9E37_79B9 + 1);
  }

  private static ConcurrentCuckooTable table(int choices) {
    return new ConcurrentCuckooTable(
        choices, 1, BUCKETS, STRIPES, 0, 0, false, ChoiceHasher.seeded(SEED), null);
  }

  /** Stores {@code key} in {@code bucket}, as a writer does: under its stripe. */
  private static void storeIn(ConcurrentCuckooTable t, int bucket, Probe key, String value) {
    long hash = t.hashOf(key);
    assertTrue(t.lock(t.stripeOf(hash)));
    t.store(bucket, BucketTable.tagOf(hash), key, value);
    t.unlock(t.stripeOf(hash), true);
  }

  /**
   * Stores {@code key} in {@code bucket} as a growth fills a segment that no other thread sees yet:
   * with no lock, so the stripe's word stays 0, the stamp of a segment never written since.
   */
  private static void storeAsAGrowthDoes(
      ConcurrentCuckooTable t, int bucket, Probe key, String value) {
    t.store(bucket, BucketTable.tagOf(t.hashOf(key)), key, value);
  }

  /** Stores {@code key} in its first bucket with room, else in the overflow area. */
  private static void place(ConcurrentCuckooTable t, Probe key, String value) {
    long hash = t.hashOf(key);
    for (int i = 0; i < t.choices(); i++) {
      if (t.hasRoom(t.bucketOf(hash, i))) {
        storeIn(t, t.bucketOf(hash, i), key, value);
        return;
      }
    }
    assertTrue(t.lock(t.stripeOf(hash)));
    t.overflowAdd(key, value);
    t.unlock(t.stripeOf(hash), true);
  }

  /** Returns the value of an equal copy of {@code key}. */
  private static Object get(ConcurrentCuckooTable t, Probe key) {
    Probe copy = key.copy();
    return t.get(t.hashOf(copy), copy);
  }

  /** A call running on a thread of its own, which the test watches. */
  private record Held<T>(FutureTask<T> task, Thread thread) {
    static <T> Held<T> start(Callable<T> call) {
      FutureTask<T> task = new FutureTask<>(call);
      Thread thread = new Thread(task, "held");
      thread.setDaemon(true);
      thread.start();
      return new Held<>(task, thread);
    }

    /** Waits until the call parks inside {@code method}, waiting for a stripe. */
    void awaitParkedIn(String method) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
      while (thread.getState() != Thread.State.TIMED_WAITING
          || Arrays.stream(thread.getStackTrace())
              .noneMatch(f -> f.getMethodName().equals(method))) {
        assertFalse(task.isDone(), "the call ended while a writer held its stripe");
        assertTrue(System.nanoTime() < deadline, "the call waits in " + method);
        Thread.sleep(1);
      }
    }

    T result() throws Exception {
      return task.get(WAIT_SECONDS, TimeUnit.SECONDS);
    }
  }

  /**
   * A segment frozen for a growth, and then retired, still answers every lookup — of a key in a
   * slot, of a key in the overflow area, of an absent key — without waiting for the freeze to end:
   * with two choices (where the overflow area in use sends the lookup past its two-bucket fast
   * path) and with three.
   */
  @ParameterizedTest
  @ValueSource(ints = {2, 3})
  void aFrozenSegmentAnswersEveryLookup(int choices) throws Exception {
    ConcurrentCuckooTable t = table(choices);
    List<Probe> keys = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      keys.add(spread(i));
    }
    for (int i = 0; i <= choices; i++) {
      keys.add(new Probe(100 + i, 7)); // a flood: the last one goes to the overflow area
    }
    for (Probe key : keys) {
      place(t, key, "v" + key.value);
    }
    assertTrue(t.overflowSize() > 0, "the overflow area is in use");
    Probe absent = spread(1_000);

    assertTrue(t.freeze());
    lookUpAll(t, keys, absent);
    t.retire();
    lookUpAll(t, keys, absent);
  }

  private static void lookUpAll(ConcurrentCuckooTable t, List<Probe> keys, Probe absent)
      throws Exception {
    Held.start(
            () -> {
              for (Probe key : keys) {
                assertEquals("v" + key.value, get(t, key), key.toString());
              }
              assertNull(get(t, absent), "an absent key");
              return null;
            })
        .result();
  }

  /**
   * A reader whose stripe a writer holds for longer than its optimistic reads last takes the stripe
   * once the writer leaves, reads, and restores the stripe's word unchanged: for a key in a slot
   * (the table's first), a key in the overflow area and an absent key (these two of another stripe
   * than the first), through the two-bucket fast path and the general search.
   */
  @ParameterizedTest
  @ValueSource(ints = {2, 3})
  void aReaderThatOutwaitsItsOptimisticReadsTakesTheStripe(int choices) throws Exception {
    ConcurrentCuckooTable t = table(choices);
    Probe inFirstSlot = keyWithFirstChoice(t, 0);
    storeIn(t, 0, inFirstSlot, "first");
    Probe overflowing = keyOfStripe(t, 1, 500);
    int stripe = t.stripeOf(t.hashOf(overflowing));
    assertTrue(t.lock(stripe));
    t.overflowAdd(overflowing, "overflow");
    t.unlock(stripe, true);
    Probe absent = keyOfStripe(t, 2, 1_000);

    assertEquals("first", readPastAHeldStripe(t, inFirstSlot, AfterTheWriter.NOTHING));
    assertEquals("overflow", readPastAHeldStripe(t, overflowing, AfterTheWriter.NOTHING));
    assertNull(readPastAHeldStripe(t, absent, AfterTheWriter.NOTHING));
  }

  /**
   * A reader waiting to take its stripe when the stripe's writer leaves and a growth freezes the
   * segment reads the frozen segment instead, without waiting for the growth to end: whether the
   * growth has retired the segment yet or not.
   */
  @ParameterizedTest
  @EnumSource(
      value = AfterTheWriter.class,
      names = {"FREEZE", "RETIRE"})
  void aReaderWaitingForAStripeOfAFrozenSegmentReadsItFrozen(AfterTheWriter then) throws Exception {
    ConcurrentCuckooTable t = table(3);
    Probe key = keyWithFirstChoice(t, 0);
    storeIn(t, 0, key, "value");
    assertEquals("value", readPastAHeldStripe(t, key, then));
    if (then == AfterTheWriter.RETIRE) {
      assertFalse(t.lock(t.stripeOf(t.hashOf(key))), "the segment stays retired");
    }
  }

  /** What happens to the segment as the writer that a reader waits for leaves. */
  enum AfterTheWriter {
    NOTHING,
    /** A growth freezes the segment. */
    FREEZE,
    /** A growth freezes the segment and retires it. */
    RETIRE
  }

  /**
   * Holds the stripe of {@code key} while a reader looks it up, until the reader waits to take the
   * stripe; then releases it and, as {@code then} says, freezes (and retires) the segment at once,
   * while the reader is parked; returns what the reader found, before a frozen segment thaws.
   */
  private static Object readPastAHeldStripe(ConcurrentCuckooTable t, Probe key, AfterTheWriter then)
      throws Exception {
    int stripe = t.stripeOf(t.hashOf(key));
    long mask = ConcurrentCuckooTable.maskOf(stripe);
    long before = t.stamp(mask);
    assertTrue(t.lock(stripe));
    Held<Object> read = Held.start(() -> get(t, key));
    read.awaitParkedIn("getLocked");
    t.unlock(stripe, false);
    if (then != AfterTheWriter.NOTHING) {
      assertTrue(t.freeze());
    }
    if (then == AfterTheWriter.RETIRE) {
      t.retire();
    }
    Object found = read.result();
    if (then == AfterTheWriter.FREEZE) {
      t.thaw();
    }
    if (then == AfterTheWriter.NOTHING) {
      assertEquals(before, t.stamp(mask), "the reader restored the stripe's word");
    }
    return found;
  }

  /**
   * A thread freezing a segment for a growth waits for the writer of a stripe; if the segment is
   * retired meanwhile (another growth replaced it), it gives up, having frozen nothing, rather than
   * wait for the writer and freeze a replaced segment.
   */
  @Test
  void aFreezeWaitingForAWriterGivesUpWhenTheSegmentIsRetired() throws Exception {
    ConcurrentCuckooTable t = table(2);
    assertTrue(t.lock(0));
    Held<Boolean> freeze = Held.start(t::freeze);
    freeze.awaitParkedIn("freeze");
    t.retire();
    assertFalse(freeze.result(), "the freeze gave up");
    t.unlock(0, false);
    assertTrue(t.lock(0), "the stripe was not frozen");
  }

  /**
   * The path search's read of a bucket's keys gives up, rather than wait or read unvalidated, while
   * a writer holds the bucket's stripe (here not the first), and reads them once the writer leaves:
   * each slot's key, null for a free slot.
   */
  @Test
  void aBucketsKeysAreReadOnlyWhileNoWriterHoldsItsStripe() {
    ConcurrentCuckooTable t =
        new ConcurrentCuckooTable(
            2, 4, BUCKETS, STRIPES, 0, 0, false, ChoiceHasher.seeded(SEED), null);
    Probe first = keyWithFirstChoice(t, 5);
    Probe second = keyWithFirstChoice(t, 5, first.value + 1);
    storeIn(t, 5, first, "first");
    storeIn(t, 5, second, "second");
    Object[] keys = new Object[4];
    int stripe = 5 % STRIPES;
    assertTrue(t.lock(stripe));
    assertFalse(t.readKeys(5, keys), "a writer holds the stripe");
    t.unlock(stripe, false);
    assertTrue(t.readKeys(5, keys), "no writer");
    assertArrayEquals(new Object[] {first, second, null, null}, keys);
  }

  /** Returns the first key, from {@code from} on, of stripe {@code stripe}. */
  private static Probe keyOfStripe(ConcurrentCuckooTable t, int stripe, int from) {
    for (int i = from; ; i++) {
      Probe key = spread(i);
      if (t.stripeOf(t.hashOf(key)) == stripe) {
        return key;
      }
    }
  }

  /**
   * A key's buckets all lie in its stripe, and the stripes share the keys out evenly: of 4,000 keys
   * each of four stripes gets its binomial share, 1,000 within six standard deviations (164).
   */
  @Test
  void aKeysBucketsLieInItsStripeAndTheStripesShareTheKeys() {
    ConcurrentCuckooTable t = table(3);
    assertEquals(STRIPES, t.stripeCount());
    int keys = 4_000;
    int[] perStripe = new int[STRIPES];
    for (int i = 0; i < keys; i++) {
      long hash = t.hashOf(spread(i));
      int stripe = t.stripeOf(hash);
      perStripe[stripe]++;
      for (int c = 0; c < t.choices(); c++) {
        assertEquals(stripe, t.bucketOf(hash, c) % STRIPES, "choice " + c + " of key " + i);
      }
    }
    double share = (double) keys / STRIPES;
    double tolerance = 6 * Math.sqrt(keys * (1.0 / STRIPES) * (1 - 1.0 / STRIPES));
    for (int stripe = 0; stripe < STRIPES; stripe++) {
      assertEquals(share, perStripe[stripe], tolerance, "keys of stripe " + stripe);
    }
  }

  /**
   * A path search in a segment just built by a growth, never written since (its stripes' words
   * still 0), reads its buckets: for every key whose buckets are full it finds a path or reports
   * that none exists, and never gives up.
   */
  @Test
  void aPathSearchReadsASegmentNeverWrittenSinceItsGrowth() {
    ConcurrentCuckooTable t = table(2);
    for (int i = 0; i < BUCKETS / 3; i++) {
      Probe key = spread(i);
      int bucket = t.leastLoadedBucket(t.hashOf(key));
      if (bucket >= 0) {
        storeAsAGrowthDoes(t, bucket, key, "v");
      }
    }
    CuckooPath path = new CuckooPath();
    int found = 0;
    for (int i = 10_000; i < 20_000; i++) {
      long hash = t.hashOf(spread(i));
      if (t.leastLoadedBucket(hash) < 0) {
        int end = path.search(t, hash, BUCKETS);
        assertTrue(end != CuckooPath.GAVE_UP, "the search gave up for key " + i);
        found += end >= 0 ? 1 : 0;
      }
    }
    assertTrue(found > 0, "some key needed a path");
  }

  /** Returns a key whose first choice is {@code bucket}. */
  private static Probe keyWithFirstChoice(ConcurrentCuckooTable t, int bucket) {
    return keyWithFirstChoice(t, bucket, 1);
  }

  /** Returns the key, from {@code from} on, whose first choice is {@code bucket}. */
  private static Probe keyWithFirstChoice(ConcurrentCuckooTable t, int bucket, int from) {
    for (int i = from; ; i++) {
      Probe key = spread(i);
      if (t.bucketOf(t.hashOf(key), 0) == bucket) {
        return key;
      }
    }
  }

  /**
   * Three choices: the lookup reads the tag words of the first two buckets, compares the candidates
   * there, and only then reads the third bucket's. While it compares a key of the same tag in the
   * second bucket, a writer moves the key looked up from the third bucket to the first, which the
   * lookup has already read: the key is present throughout, and the lookup must find it rather than
   * report it absent.
   */
  @Test
  void aKeyMovedBehindTheLookupIsStillFound() {
    ConcurrentCuckooTable t = table(3);
    Layout l = layout(t);
    storeAsAGrowthDoes(t, l.buckets.get(1), l.sameTag, "other");
    storeAsAGrowthDoes(t, l.buckets.get(2), l.key, "value");
    Probe lookup = l.key.copy();
    lookup.onFirstEquals =
        () -> {
          assertTrue(t.lock(l.stripe()));
          t.move(t.firstSlotOf(l.buckets.get(2)), l.buckets.get(0));
          t.unlock(l.stripe(), true);
        };
    assertEquals("value", t.get(t.hashOf(lookup), lookup));
    assertSame(l.sameTag, lookup.comparedWith.get(0), "the move came during a comparison");
  }

  /**
   * While the lookup compares a key of the same tag in its second bucket (its first candidate), a
   * writer replaces the key in its first bucket (or, with three choices, its third) by another of
   * the same tag. The lookup must not call {@code equals} on that newcomer, read after the writer
   * began, before it validates the read: it starts again (compares its first candidate again)
   * before it compares the newcomer, and finds the key it looks for absent. With two choices this
   * is the two-bucket fast path, with three the general search.
   */
  @ParameterizedTest
  @CsvSource({"2, 0", "3, 0", "3, 2"})
  void aLookupComparesNoKeyItReadAfterAWriterBegan(int choices, int replacedChoice) {
    ConcurrentCuckooTable t = table(choices);
    Layout l = layout(t);
    int replaced = l.buckets.get(replacedChoice);
    storeAsAGrowthDoes(t, l.buckets.get(1), l.sameTag, "other");
    storeAsAGrowthDoes(t, replaced, l.key, "value");
    Probe newcomer = l.anotherSameTag;
    Probe lookup = l.key.copy();
    lookup.onFirstEquals =
        () -> {
          assertTrue(t.lock(l.stripe()));
          t.clearSlot(t.firstSlotOf(replaced));
          t.store(replaced, BucketTable.tagOf(t.hashOf(newcomer)), newcomer, "newcomer");
          t.unlock(l.stripe(), true);
        };
    assertNull(t.get(t.hashOf(lookup), lookup), "the key was replaced");
    List<Object> seen = lookup.comparedWith;
    assertSame(l.sameTag, seen.get(0), "the write came during the first comparison");
    int newcomerAt = seen.indexOf(newcomer);
    assertTrue(
        newcomerAt < 0 || seen.subList(1, newcomerAt).contains(l.sameTag),
        "equals saw the newcomer before the lookup started again: " + seen);
  }

  /**
   * A key with distinct buckets, and two other keys of its tag, the first of which may live in the
   * key's second bucket.
   */
  private record Layout(Probe key, List<Integer> buckets, Probe sameTag, Probe anotherSameTag) {
    int stripe() {
      return buckets.get(0) % STRIPES;
    }
  }

  private static Layout layout(ConcurrentCuckooTable t) {
    for (int i = 1; ; i++) {
      Probe key = spread(i);
      long hash = t.hashOf(key);
      int[] buckets = new int[t.choices()];
      for (int c = 0; c < buckets.length; c++) {
        buckets[c] = t.bucketOf(hash, c);
      }
      if (Arrays.stream(buckets).distinct().count() < buckets.length) {
        continue;
      }
      Probe sameTag = null;
      for (int j = 1; ; j++) {
        Probe candidate = new Probe(-j, j * 0x2545_F491);
        long h = t.hashOf(candidate);
        if (BucketTable.tagOf(h) != BucketTable.tagOf(hash) || t.stripeOf(h) != t.stripeOf(hash)) {
          continue;
        }
        if (sameTag == null && hasBucket(t, h, buckets[1])) {
          sameTag = candidate;
        } else if (sameTag != null) {
          return new Layout(key, Arrays.stream(buckets).boxed().toList(), sameTag, candidate);
        }
      }
    }
  }

  private static boolean hasBucket(ConcurrentCuckooTable t, long hash, int bucket) {
    for (int i = 0; i < t.choices(); i++) {
      if (t.bucketOf(hash, i) == bucket) {
        return true;
      }
    }
    return false;
  }
}
