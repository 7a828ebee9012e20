/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * What every command shares: the seed and output options, progress lines, aligned or CSV tables,
 * enum options in lower case, the build version.
 */
package io.github.twochoice.cli.common;
