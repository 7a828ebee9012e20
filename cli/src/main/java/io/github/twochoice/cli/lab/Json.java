/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The lab's JSON, written by hand: an {@link Json.Obj object} of named values, where a value is a
 * string, a number, a boolean, null, an array ({@code int[]}, {@code long[]}, {@code double[]},
 * {@code boolean[]}, {@code Object[]} or a collection) or another object. Non-finite numbers become
 * null, as JSON has none. O(size of the output).
 */
final class Json {
  private Json() {}

  /** A JSON object: names in insertion order. */
  static final class Obj {
    private final Map<String, Object> fields = new LinkedHashMap<>();

    /** Sets a field and returns this object. */
    Obj put(String name, Object value) {
      fields.put(name, value);
      return this;
    }

    /** The value of a field, for tests. */
    Object get(String name) {
      return fields.get(name);
    }

    @Override
    public String toString() {
      return write(this);
    }
  }

  /** Starts an empty object. */
  static Obj obj() {
    return new Obj();
  }

  /** The JSON text of a value. */
  static String write(Object value) {
    StringBuilder out = new StringBuilder();
    append(out, value);
    return out.toString();
  }

  private static void append(StringBuilder out, Object value) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof Obj obj) {
      out.append('{');
      String separator = "";
      for (Map.Entry<String, Object> field : obj.fields.entrySet()) {
        out.append(separator);
        string(out, field.getKey());
        out.append(':');
        append(out, field.getValue());
        separator = ",";
      }
      out.append('}');
    } else if (value instanceof String s) {
      string(out, s);
    } else if (value instanceof Double || value instanceof Float) {
      number(out, ((Number) value).doubleValue());
    } else if (value instanceof Number || value instanceof Boolean) {
      out.append(value);
    } else if (value instanceof int[] ints) {
      array(out, ints.length, i -> out.append(ints[i]));
    } else if (value instanceof long[] longs) {
      array(out, longs.length, i -> out.append(longs[i]));
    } else if (value instanceof double[] doubles) {
      array(out, doubles.length, i -> number(out, doubles[i]));
    } else if (value instanceof boolean[] booleans) {
      array(out, booleans.length, i -> out.append(booleans[i]));
    } else if (value instanceof Object[] objects) {
      array(out, objects.length, i -> append(out, objects[i]));
    } else if (value instanceof Collection<?> collection) {
      append(out, collection.toArray());
    } else {
      throw new IllegalArgumentException("no JSON form for " + value.getClass().getName());
    }
  }

  private interface Element {
    void write(int index);
  }

  private static void array(StringBuilder out, int length, Element element) {
    out.append('[');
    for (int i = 0; i < length; i++) {
      if (i > 0) {
        out.append(',');
      }
      element.write(i);
    }
    out.append(']');
  }

  private static void number(StringBuilder out, double v) {
    if (!Double.isFinite(v)) {
      out.append("null");
    } else if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      out.append((long) v);
    } else {
      out.append(v);
    }
  }

  private static void string(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029') {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
