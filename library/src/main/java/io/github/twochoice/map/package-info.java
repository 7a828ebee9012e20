/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Drop-in {@link java.util.Map} implementations built on the power of random choices, each
 * reporting its bucket loads as {@link io.github.twochoice.stats.LoadStats}.
 */
package io.github.twochoice.map;
