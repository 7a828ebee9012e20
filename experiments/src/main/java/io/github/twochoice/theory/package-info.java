/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * What theory predicts for the experiments: fluid limits of balls into bins, the Poisson tail of
 * one choice, cuckoo load thresholds, the supermarket model and its refined mean field.
 */
package io.github.twochoice.theory;
