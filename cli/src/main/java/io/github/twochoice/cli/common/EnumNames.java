/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.common;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The values of an enum option as the user types them: the constants' names in lower case, listed
 * by {@code ${COMPLETION-CANDIDATES}} and in the error for a value that is none of them, and read
 * in any case, with {@code -} or {@code _} between words. One subclass per enum, named in the
 * option's {@code converter} and {@code completionCandidates}.
 *
 * @param <E> the enum
 */
public abstract class EnumNames<E extends Enum<E>> implements ITypeConverter<E>, Iterable<String> {
  private final Class<E> type;

  /**
   * The names of an enum's constants.
   *
   * @param type the enum
   */
  protected EnumNames(Class<E> type) {
    this.type = type;
  }

  /**
   * The name a user types for {@code value}.
   *
   * @param value an enum constant
   * @return its name in lower case, for example {@code strong_mixer}
   */
  public static String name(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT);
  }

  private List<String> names() {
    return Arrays.stream(type.getEnumConstants()).map(EnumNames::name).toList();
  }

  @Override
  public Iterator<String> iterator() {
    return names().iterator();
  }

  @Override
  public E convert(String value) {
    String typed = value.trim().replace('-', '_');
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equalsIgnoreCase(typed)) {
        return constant;
      }
    }
    throw new TypeConversionException(
        "expected one of " + String.join(", ", names()) + " but was '" + value + "'");
  }
}
