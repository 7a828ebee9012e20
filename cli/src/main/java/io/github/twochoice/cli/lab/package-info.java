/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The teaching lab ({@code serve}): a local web server on the JDK's {@code com.sun.net.httpserver}
 * whose JSON endpoints call the library for every step, and five static pages (HTML, CSS, plain
 * JavaScript, SVG) that play those steps: balls into bins, d-left, cuckoo, rendezvous and the stale
 * board.
 */
package io.github.twochoice.cli.lab;
