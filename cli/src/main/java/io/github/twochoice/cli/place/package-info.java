/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Placing a web log's URLs on servers: mod N, rings, rendezvous (weighted, hierarchical, lookup
 * table), failures and hot keys (place), with their report charts.
 */
package io.github.twochoice.cli.place;
