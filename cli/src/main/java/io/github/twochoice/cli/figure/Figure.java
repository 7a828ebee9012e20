/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.figure;

/**
 * A chart and the sentence under it, as the report shows it.
 *
 * @param chart the chart
 * @param caption the sentence under it
 */
public record Figure(Chart chart, String caption) {}
