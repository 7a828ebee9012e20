/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * {@code place --memcached N}: a web log replayed as a cache would (get; on a miss, set) through
 * the real spymemcached client on N local memcached servers under each placement, one server
 * stopped and one added mid-replay, beside the same replay simulated with the same locators.
 */
package io.github.twochoice.cli.live;
