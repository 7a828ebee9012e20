/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Balls into bins: the maximum load (balls), the layer profile (layers) and the cuckoo load
 * threshold (threshold), with their report charts.
 */
package io.github.twochoice.cli.balls;
