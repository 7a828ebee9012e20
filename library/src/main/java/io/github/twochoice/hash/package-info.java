/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/** Seeded hashing: how a key's {@code hashCode()} becomes d bucket choices. */
package io.github.twochoice.hash;
