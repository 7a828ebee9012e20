/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/** The HTML report: every topic's charts on one self-contained page (report). */
package io.github.twochoice.cli.report;
