/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

import java.math.BigDecimal;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The parameters of one API request, from its query string, each read with its range: a missing
 * parameter takes its default, a malformed or out-of-range one, a repeated one, or one the endpoint
 * does not read throws {@link BadRequest} with a message that names it and says what it must be.
 */
final class Params {
  /** The seed every page starts with, as every command's {@code --seed}. */
  static final long DEFAULT_SEED = 2026;

  private final Map<String, String> values = new LinkedHashMap<>();
  private final Set<String> read = new LinkedHashSet<>();

  private Params(String query) {
    if (query == null || query.isEmpty()) {
      return;
    }
    for (String pair : query.split("&", -1)) {
      int eq = pair.indexOf('=');
      String name = decode(eq < 0 ? pair : pair.substring(0, eq));
      String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
      if (name.isEmpty()) {
        continue;
      }
      if (values.put(name, value) != null) {
        throw new BadRequest("parameter " + name + " is given twice");
      }
    }
  }

  /** The parameters of a raw (still encoded) query string, possibly null. */
  static Params parse(String rawQuery) {
    return new Params(rawQuery);
  }

  private static String decode(String s) {
    try {
      return URLDecoder.decode(s, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new BadRequest("malformed query: " + s);
    }
  }

  /** An integer in [min, max], or {@code otherwise} if absent. */
  int integer(String name, int otherwise, int min, int max) {
    String text = take(name);
    if (text == null) {
      return otherwise;
    }
    int value;
    try {
      value = Integer.parseInt(text.trim());
    } catch (NumberFormatException e) {
      throw new BadRequest(
          name + " must be a whole number from " + min + " to " + max + ": " + shown(text));
    }
    if (value < min || value > max) {
      throw new BadRequest(name + " must be from " + min + " to " + max + ": " + value);
    }
    return value;
  }

  /** A number in [min, max], or {@code otherwise} if absent. */
  double decimal(String name, double otherwise, double min, double max) {
    String text = take(name);
    if (text == null) {
      return otherwise;
    }
    double value;
    try {
      value = Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      throw new BadRequest(
          name + " must be a number from " + plain(min) + " to " + plain(max) + ": " + shown(text));
    }
    if (!(value >= min && value <= max)) {
      throw new BadRequest(
          name + " must be from " + plain(min) + " to " + plain(max) + ": " + text);
    }
    return value;
  }

  /** A bound as people write it: 20, not 20.0. */
  private static String plain(double bound) {
    return BigDecimal.valueOf(bound).stripTrailingZeros().toPlainString();
  }

  /** The seed: any whole number, {@value #DEFAULT_SEED} if absent. */
  long seed() {
    String text = take("seed");
    if (text == null) {
      return DEFAULT_SEED;
    }
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw new BadRequest("seed must be a whole number: " + shown(text));
    }
  }

  /** One of {@code allowed}, the first if absent. */
  String choice(String name, List<String> allowed) {
    String text = take(name);
    if (text == null) {
      return allowed.get(0);
    }
    if (!allowed.contains(text)) {
      throw new BadRequest(
          name + " must be one of " + String.join(", ", allowed) + ": " + shown(text));
    }
    return text;
  }

  /** Refuses parameters the endpoint did not read: a typo must not pass for a default. */
  void checkAllRead() {
    for (String name : values.keySet()) {
      if (!read.contains(name)) {
        throw new BadRequest(
            "unknown parameter "
                + name
                + (read.isEmpty() ? "" : "; this endpoint takes " + String.join(", ", read)));
      }
    }
  }

  /** A value in a message: an empty one is named, not left blank. */
  private static String shown(String text) {
    return text.isEmpty() ? "(empty)" : text;
  }

  private String take(String name) {
    read.add(name);
    return values.get(name);
  }
}
