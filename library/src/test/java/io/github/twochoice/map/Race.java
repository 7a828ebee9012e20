/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a few threads against each other for a bounded time, each with its own seeded random
 * generator, and reports the first failure of any of them: what the concurrent stress tests share.
 * Threads start together (a latch) and stop at the deadline, or as soon as one fails.
 */
final class Race {
  /** One thread's work: called again and again until the race ends. */
  interface Step {
    void run(SplittableRandom random) throws Exception;
  }

  private final long seed;
  private final List<Step> steps = new ArrayList<>();
  private final List<String> names = new ArrayList<>();
  private final AtomicReference<Throwable> failure = new AtomicReference<>();
  private volatile boolean stopped;

  Race(long seed) {
    this.seed = seed;
  }

  /** Adds a thread that runs {@code step} repeatedly. */
  Race thread(String name, Step step) {
    names.add(name);
    steps.add(step);
    return this;
  }

  /** Whether the race has ended: a step that loops by itself should return when it has. */
  boolean stopped() {
    return stopped;
  }

  /** Runs every thread for {@code duration}; fails with the first thread's failure, if any. */
  void runFor(Duration duration) throws InterruptedException {
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      SplittableRandom random = new SplittableRandom(seed + 0x9E37_79B9L * i);
      Thread thread =
          new Thread(
              () -> {
                try {
                  start.await();
                  while (!stopped) {
                    step.run(random);
                  }
                } catch (Throwable t) {
                  failure.compareAndSet(null, t);
                  stopped = true;
                }
              },
              names.get(i));
      thread.setDaemon(true);
      thread.start();
      threads.add(thread);
    }
    start.countDown();
    long deadline = System.nanoTime() + duration.toNanos();
    while (!stopped && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    stopped = true;
    for (Thread thread : threads) {
      thread.join(Duration.ofSeconds(30).toMillis());
      if (thread.isAlive()) {
        fail(thread.getName() + " did not stop: a deadlock or a livelock");
      }
    }
    Throwable t = failure.get();
    if (t != null) {
      throw new AssertionError("seed " + seed + ": " + t, t);
    }
  }
}
