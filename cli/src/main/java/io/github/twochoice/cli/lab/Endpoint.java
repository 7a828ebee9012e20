/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

/**
 * One JSON endpoint of the lab: reads its parameters and answers with what the library computed.
 */
@FunctionalInterface
interface Endpoint {
  /**
   * Answers a request.
   *
   * @param params the request's parameters
   * @return the answer, a {@link Json} value
   * @throws BadRequest if a parameter is out of range
   */
  Object answer(Params params);
}
