/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.figure;

import java.util.List;

/** A heading, a paragraph introducing the charts under it, and the charts. */
public record Section(String heading, String intro, List<Figure> figures) {
  /**
   * A section, which copies its figures.
   *
   * @param heading the heading
   * @param intro the paragraph under it
   * @param figures the charts
   */
  public Section {
    figures = List.copyOf(figures);
  }
}
