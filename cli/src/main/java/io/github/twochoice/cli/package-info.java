/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The command line's entry point: {@link io.github.twochoice.cli.Main} registers one command per
 * experiment, each in the package of its topic.
 */
package io.github.twochoice.cli;
