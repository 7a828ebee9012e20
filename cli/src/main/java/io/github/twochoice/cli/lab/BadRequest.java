/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

/**
 * A request the lab refuses, with a message for the page and its HTTP status: 400 for a parameter
 * that is missing its meaning, malformed or out of range, 404 for an unknown page or endpoint, 405
 * for another method than GET.
 */
final class BadRequest extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The HTTP status of the answer. */
  final int status;

  /** A bad parameter: HTTP 400. */
  BadRequest(String message) {
    this(400, message);
  }

  private BadRequest(int status, String message) {
    super(message, null, false, false);
    this.status = status;
  }

  /** A page or endpoint the lab does not have: HTTP 404. */
  static BadRequest notFound(String message) {
    return new BadRequest(404, message);
  }

  /** A request with another method than GET: HTTP 405. */
  static BadRequest notGet(String method) {
    return new BadRequest(405, "the lab answers GET requests only, not " + method);
  }
}
