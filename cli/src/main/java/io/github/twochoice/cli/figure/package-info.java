/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Charts (SVG with their data as CSV) and the report's vocabulary: figures, sections and the sizes
 * of its experiments.
 */
package io.github.twochoice.cli.figure;
