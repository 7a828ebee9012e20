/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.proto;

import java.util.concurrent.atomic.LongAdder;

/**
 * {@link ProtoConcurrent} with a lock word per bucket beside its tag word (tag, lock, tag, lock, …
 * in one array), so a write locks the cache line it reads and changes anyway; keys are counted in a
 * {@link LongAdder}, whose cells spread the threads.
 */
public final class ProtoBucketLocks extends ProtoConcurrent {
  private final long[] tagsAndLocks;
  private final LongAdder keys = new LongAdder();

  public ProtoBucketLocks(int expectedSize) {
    super(expectedSize);
    tagsAndLocks = new long[2 * (mask + 1)];
  }

  @Override
  long[] tagArray() {
    return tagsAndLocks;
  }

  @Override
  int tagIndex(int b) {
    return 2 * b;
  }

  @Override
  long[] lockArray() {
    return tagsAndLocks;
  }

  @Override
  int lockIndex(int b) {
    return 2 * b + 1;
  }

  @Override
  void count(int b, int delta) {
    keys.add(delta);
  }

  @Override
  long keys() {
    return keys.sum();
  }
}
