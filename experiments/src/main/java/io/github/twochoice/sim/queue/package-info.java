/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * A seeded discrete-event simulator of load balancing: n FIFO servers, Poisson arrivals, request
 * sizes from a {@link io.github.twochoice.sim.queue.ServiceTimes} source, and a dispatching {@link
 * io.github.twochoice.sim.queue.Policy} that may see fresh loads or a periodically updated board
 * (Mitzenmacher, How useful is old information?, IEEE TPDS 11(1), 2000). {@link
 * io.github.twochoice.sim.queue.RefinedMeanField} gives the supermarket model's finite-n correction
 * to its mean-field limit.
 */
package io.github.twochoice.sim.queue;
