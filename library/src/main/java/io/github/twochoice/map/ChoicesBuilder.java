/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

/**
 * The settings of a two-choice chained table, beyond those of every map: the number of choices d.
 * Shared by the builders of {@link TwoChoiceHashMap} and {@link TwoChoiceHashSet}.
 *
 * @param <B> the concrete builder type, returned by every setter
 */
abstract class ChoicesBuilder<B extends ChoicesBuilder<B>> extends MapBuilder<B> {
  int choices = TwoChoiceHashMap.DEFAULT_CHOICES;

  ChoicesBuilder() {
    super(ChainedHashMap.DEFAULT_LOAD_FACTOR);
  }

  /**
   * Sets the number of choices d.
   *
   * @param choices d, from 2 to 8
   * @return this builder
   * @throws IllegalArgumentException if {@code choices} is outside [2, 8]
   */
  public B choices(int choices) {
    this.choices = checkChoices(choices);
    return self();
  }
}
