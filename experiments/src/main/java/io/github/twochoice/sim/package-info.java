/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/** Seeded experiments: the cuckoo load threshold. */
package io.github.twochoice.sim;
