/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.SplittableRandom;

/**
 * A test hook: wraps a policy so that every decision is handed, with the view it was made on and
 * the servers the policy read, to a check.
 */
final class CheckedPolicy implements Policy {
  /** Inspects one decision. */
  interface Check {
    void decision(LoadView load, RecordingView read, int chosen);
  }

  private final Policy policy;
  private final Check check;

  CheckedPolicy(Policy policy, Check check) {
    this.policy = policy;
    this.check = check;
  }

  @Override
  public String name() {
    return policy.name();
  }

  @Override
  public Dispatcher newDispatcher(int servers, double meanWork) {
    Dispatcher inner = policy.newDispatcher(servers, meanWork);
    RecordingView view = new RecordingView();
    return new Dispatcher() {
      @Override
      public int choose(LoadView load, SplittableRandom random) {
        int chosen = inner.choose(view.over(load), random);
        check.decision(load, view, chosen);
        return chosen;
      }

      @Override
      public void completed(int server, double responseTime, double now) {
        inner.completed(server, responseTime, now);
      }
    };
  }
}
