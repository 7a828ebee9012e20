/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.SplittableRandom;

/**
 * One run of a {@link Simulation}: the event loop. The next event is the earlier of the next
 * arrival (one pending time: arrivals form a renewal process) and the earliest completion in {@link
 * InFlight}; board updates, samples and the join or failure happen lazily before the first event at
 * or after their time, which is exact because nothing changes between events. Every request is
 * answered exactly once. O(log k) per event plus the policy's cost.
 */
final class EventLoop {
  private final Simulation simulation;
  private final int requests;
  private final int warmup;
  private final ServiceTimes serviceTimes;
  private final CompletionListener listener;
  private final int servers;

  private final SplittableRandom arrivals;
  private final SplittableRandom sizes;
  private final SplittableRandom choices;
  private final double arrivalRate;
  private final Dispatcher dispatcher;

  private final ServerState state;
  private final Board board; // null with fresh loads
  private final LoadView view;
  private final InFlight inFlight;
  private final QueueLengthClock clock;
  private final ResponseTimes responses;
  private final LongestQueueSampler sampler;
  private final long[] requestsPerServer;
  private final double[] workPerServer;

  private boolean joined;
  private boolean failed;
  private long served;
  private long errors;
  private double workArrived;
  private double workServed;
  private double endTime;

  EventLoop(Simulation simulation) {
    this.simulation = simulation;
    this.requests = simulation.requests();
    this.warmup = simulation.warmup();
    this.serviceTimes = simulation.serviceTimes();
    this.listener = simulation.listener();
    double[] speeds = simulation.speeds();
    this.servers = speeds.length;
    this.joined = simulation.joinTime() == Double.POSITIVE_INFINITY;
    int initial = joined ? servers : servers - 1;
    double capacity = 0;
    for (int server = 0; server < initial; server++) {
      capacity += speeds[server];
    }
    double meanWork = serviceTimes.mean();
    this.arrivalRate = simulation.utilisation() * capacity / meanWork;
    this.dispatcher = simulation.policy().newDispatcher(servers, meanWork);

    SplittableRandom root = new SplittableRandom(simulation.seed());
    this.arrivals = root.split();
    this.sizes = root.split();
    this.choices = root.split();

    this.state = new ServerState(speeds, initial);
    this.board =
        simulation.boardPeriod() > 0 ? new Board(state, servers, simulation.boardPeriod()) : null;
    this.view = board == null ? state : board;
    this.inFlight = new InFlight(Math.max(16, 4 * servers));
    this.clock = new QueueLengthClock(servers);
    this.responses = new ResponseTimes(requests - warmup);
    this.sampler = new LongestQueueSampler(simulation.sampleInterval());
    this.requestsPerServer = new long[servers];
    this.workPerServer = new double[servers];
  }

  RunResult run() {
    int arrived = 0;
    double nextArrival = interarrival();
    while (arrived < requests || !inFlight.isEmpty()) {
      boolean arrival =
          arrived < requests && (inFlight.isEmpty() || nextArrival < inFlight.nextCompletion());
      double t = arrival ? nextArrival : inFlight.nextCompletion();
      applyScenario(t);
      if (board != null) {
        board.advanceTo(t);
      }
      sampler.advanceTo(t, state);
      state.advanceTo(t);
      if (arrival) {
        arrive(arrived++, t);
        nextArrival = t + interarrival();
      } else {
        complete(t);
      }
    }
    return new RunResult(this);
  }

  private double interarrival() {
    return -Math.log(1 - arrivals.nextDouble()) / arrivalRate;
  }

  private void applyScenario(double t) {
    if (!joined && t >= simulation.joinTime()) {
      state.join();
      clock.join(servers - 1, simulation.joinTime());
      joined = true;
    }
    if (!failed && t >= simulation.failTime()) {
      state.fail(simulation.failingServer());
      failed = true;
    }
  }

  private void arrive(int request, double t) {
    if (request == warmup) {
      clock.start(t, state.servers());
    }
    if (request == requests - 1) {
      clock.stop(state, t);
    }
    int server = dispatcher.choose(view, choices);
    if (server < 0 || server >= state.servers()) {
      throw new IllegalStateException(
          simulation.policy().name() + " chose server " + server + " of " + state.servers());
    }
    double work = serviceTimes.next(sizes);
    workArrived += work;
    requestsPerServer[server]++;
    workPerServer[server] += work;
    boolean error = state.failed(server);
    int length = state.outstanding(server);
    clock.change(server, length, length + 1, t);
    double completion = state.accept(server, work);
    inFlight.add(completion, request, server, t, work, error);
  }

  private void complete(double t) {
    int slot = inFlight.removeNext();
    int server = inFlight.server(slot);
    int length = state.outstanding(server);
    clock.change(server, length, length - 1, t);
    state.release(server);
    double arrival = inFlight.arrival(slot);
    boolean error = inFlight.error(slot);
    if (error) {
      errors++;
    } else {
      served++;
      workServed += inFlight.work(slot);
      if (inFlight.request(slot) >= warmup) {
        responses.add(t - arrival);
      }
    }
    dispatcher.completed(server, t - arrival, t);
    listener.completed(inFlight.request(slot), server, arrival, inFlight.work(slot), t, error);
    endTime = t;
  }

  int requests() {
    return requests;
  }

  long served() {
    return served;
  }

  long errors() {
    return errors;
  }

  double workArrived() {
    return workArrived;
  }

  double workServed() {
    return workServed;
  }

  double endTime() {
    return endTime;
  }

  long[] requestsPerServer() {
    return requestsPerServer.clone();
  }

  double[] workPerServer() {
    return workPerServer.clone();
  }

  ServerState state() {
    return state;
  }

  ResponseTimes responses() {
    return responses;
  }

  QueueLengthClock clock() {
    return clock;
  }

  LongestQueueSampler sampler() {
    return sampler;
  }

  double sampleInterval() {
    return simulation.sampleInterval();
  }
}
