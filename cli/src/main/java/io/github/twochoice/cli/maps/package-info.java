/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The real maps filled with seeded keys: bucket loads and probes per hash family (maps), the demo,
 * and their report charts.
 */
package io.github.twochoice.cli.maps;
