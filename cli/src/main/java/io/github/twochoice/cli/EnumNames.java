/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli;

import io.github.twochoice.cli.Experiments.KeyOrder;
import io.github.twochoice.cli.Experiments.MapKind;
import io.github.twochoice.hash.HashFamily;
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
abstract class EnumNames<E extends Enum<E>> implements ITypeConverter<E>, Iterable<String> {
  private final Class<E> type;

  EnumNames(Class<E> type) {
    this.type = type;
  }

  /** The name a user types for {@code value}, for example {@code strong_mixer}. */
  static String name(Enum<?> value) {
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

  /** {@code maps --hash}. */
  static final class HashFamilies extends EnumNames<HashFamily> {
    HashFamilies() {
      super(HashFamily.class);
    }
  }

  /** {@code maps --keys}. */
  static final class KeyOrders extends EnumNames<KeyOrder> {
    KeyOrders() {
      super(KeyOrder.class);
    }
  }

  /** {@code maps --maps}. */
  static final class MapKinds extends EnumNames<MapKind> {
    MapKinds() {
      super(MapKind.class);
    }
  }

  /** {@code place --format}. */
  static final class LogFormats extends EnumNames<LogFormat> {
    LogFormats() {
      super(LogFormat.class);
    }
  }

  /** {@code queue --policies}. */
  static final class Balancers extends EnumNames<Balancer> {
    Balancers() {
      super(Balancer.class);
    }
  }
}
