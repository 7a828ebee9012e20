/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

/**
 * A request the lab refuses, with a message for the page: an unknown page or endpoint, a parameter
 * that is missing its meaning, malformed or out of range. Answered with HTTP 400.
 */
final class BadRequest extends RuntimeException {
  private static final long serialVersionUID = 1L;

  BadRequest(String message) {
    super(message, null, false, false);
  }
}
