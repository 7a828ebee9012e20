/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Web logs and key lists read as requests per URL and reply sizes (Common Log Format, TSV, one key
 * per line; plain or gzip), and the bundled NASA log.
 */
package io.github.twochoice.cli.weblog;
