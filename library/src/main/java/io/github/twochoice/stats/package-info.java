/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/** Load statistics of hash tables: histograms, maximum load, layers and probes. */
package io.github.twochoice.stats;
