/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.Arrays;

/**
 * The requests in flight, earliest completion first: a binary min-heap of completion times over
 * slots of a record table (request, server, arrival, size, error), with a stack of free slots.
 * Adding and removing cost O(log k) for k requests in flight; the arrays double when full, so a run
 * allocates O(log k) times in all, never per event.
 */
final class InFlight {
  private double[] heapTimes;
  private int[] heapSlots;
  private int size;

  private int[] request;
  private int[] server;
  private double[] arrival;
  private double[] work;
  private boolean[] error;
  private int[] freeSlots;
  private int free;

  InFlight(int capacity) {
    heapTimes = new double[capacity];
    heapSlots = new int[capacity];
    request = new int[capacity];
    server = new int[capacity];
    arrival = new double[capacity];
    work = new double[capacity];
    error = new boolean[capacity];
    freeSlots = new int[capacity];
    for (int slot = 0; slot < capacity; slot++) {
      freeSlots[slot] = capacity - 1 - slot;
    }
    free = capacity;
  }

  boolean isEmpty() {
    return size == 0;
  }

  /** The earliest completion time; only when not empty. */
  double nextCompletion() {
    return heapTimes[0];
  }

  /** Adds a request that completes at the given time. */
  void add(
      double completion,
      int requestIndex,
      int serverIndex,
      double arrivalTime,
      double requestWork,
      boolean isError) {
    if (free == 0) {
      grow();
    }
    int slot = freeSlots[--free];
    request[slot] = requestIndex;
    server[slot] = serverIndex;
    arrival[slot] = arrivalTime;
    work[slot] = requestWork;
    error[slot] = isError;
    siftUp(size++, completion, slot);
  }

  /**
   * Removes the request that completes first and returns its slot, whose record stays readable
   * until the next {@link #add}.
   */
  int removeNext() {
    int slot = heapSlots[0];
    freeSlots[free++] = slot;
    size--;
    if (size > 0) {
      siftDown(heapTimes[size], heapSlots[size]);
    }
    return slot;
  }

  int request(int slot) {
    return request[slot];
  }

  int server(int slot) {
    return server[slot];
  }

  double arrival(int slot) {
    return arrival[slot];
  }

  double work(int slot) {
    return work[slot];
  }

  boolean error(int slot) {
    return error[slot];
  }

  private void siftUp(int hole, double time, int slot) {
    while (hole > 0) {
      int parent = (hole - 1) >>> 1;
      if (heapTimes[parent] <= time) {
        break;
      }
      heapTimes[hole] = heapTimes[parent];
      heapSlots[hole] = heapSlots[parent];
      hole = parent;
    }
    heapTimes[hole] = time;
    heapSlots[hole] = slot;
  }

  private void siftDown(double time, int slot) {
    int hole = 0;
    while (true) {
      int child = 2 * hole + 1;
      if (child >= size) {
        break;
      }
      if (child + 1 < size && heapTimes[child + 1] < heapTimes[child]) {
        child++;
      }
      if (heapTimes[child] >= time) {
        break;
      }
      heapTimes[hole] = heapTimes[child];
      heapSlots[hole] = heapSlots[child];
      hole = child;
    }
    heapTimes[hole] = time;
    heapSlots[hole] = slot;
  }

  /** Doubles every array; the new slots become free. */
  private void grow() {
    int capacity = heapTimes.length;
    int doubled = 2 * capacity;
    heapTimes = Arrays.copyOf(heapTimes, doubled);
    heapSlots = Arrays.copyOf(heapSlots, doubled);
    request = Arrays.copyOf(request, doubled);
    server = Arrays.copyOf(server, doubled);
    arrival = Arrays.copyOf(arrival, doubled);
    work = Arrays.copyOf(work, doubled);
    error = Arrays.copyOf(error, doubled);
    freeSlots = Arrays.copyOf(freeSlots, doubled);
    for (int slot = doubled - 1; slot >= capacity; slot--) {
      freeSlots[free++] = slot;
    }
  }
}
