/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Balancing requests over servers in time: the policies on web, heavy-tailed and exponential sizes,
 * stale boards (queue), the supermarket model (supermarket), and their report charts.
 */
package io.github.twochoice.cli.queue;
