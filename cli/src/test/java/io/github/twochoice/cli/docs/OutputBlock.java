/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A block of a document that shows what a command prints: the marker {@code <!-- output: ARGS -->}
 * (or {@code output slow:}), an optional filter after {@code |}, and the lines of the fenced block
 * under it.
 *
 * <p>Filters pick part of the output: {@code | section TITLE} the titled table whose title line
 * starts with TITLE, up to the next blank line; {@code | lines A-B,C-D} the output's lines A to B
 * and C to D (1-based, inclusive).
 *
 * @param file the document
 * @param markerLine the marker's line number (1-based)
 * @param args the command's arguments, after {@code twochoice}
 * @param slow whether the command is slow (checked only with the slow tests)
 * @param filter the filter after {@code |}, or "" for the whole output
 * @param firstLine the line number of the block's first line (1-based)
 * @param lines the block's lines
 */
record OutputBlock(
    Path file,
    int markerLine,
    String args,
    boolean slow,
    String filter,
    int firstLine,
    List<String> lines) {
  /** A range of the {@code lines} filter: line A, or lines A to B. */
  private static final Pattern RANGE = Pattern.compile("([0-9]+)(?:-([0-9]+))?");

  OutputBlock {
    lines = List.copyOf(lines);
  }

  /** The command's arguments, split at spaces outside single or double quotes. */
  List<String> argv() {
    List<String> argv = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    char quote = 0;
    boolean inWord = false;
    for (int i = 0; i < args.length(); i++) {
      char c = args.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          argv.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
      } else {
        word.append(c);
        inWord = true;
      }
    }
    if (inWord) {
      argv.add(word.toString());
    }
    return argv;
  }

  /** The part of a command's output this block shows, by its filter. */
  List<String> select(List<String> output) {
    if (filter.isEmpty()) {
      return trimBlankEnds(output);
    }
    String[] parts = filter.split(" ", 2);
    String how = parts[0];
    String what = parts.length > 1 ? parts[1].strip() : "";
    if (how.equals("section")) {
      for (int i = 0; i < output.size(); i++) {
        String line = output.get(i);
        if (line.startsWith(what) || line.startsWith("# " + what)) {
          int end = i;
          while (end < output.size() && !output.get(end).isBlank()) {
            end++;
          }
          return output.subList(i, end);
        }
      }
      throw new IllegalArgumentException("no section '" + what + "' in the output");
    }
    if (how.equals("lines")) {
      List<String> picked = new ArrayList<>();
      for (String range : what.split(",", -1)) {
        Matcher ends = RANGE.matcher(range.strip());
        if (!ends.matches()) {
          throw new IllegalArgumentException("'" + range + "' is not A or A-B in " + filter);
        }
        int from = Integer.parseInt(ends.group(1));
        int to = ends.group(2) == null ? from : Integer.parseInt(ends.group(2));
        if (from < 1 || to < from || to > output.size()) {
          throw new IllegalArgumentException(
              "lines " + range + " outside the output's " + output.size() + " lines");
        }
        picked.addAll(output.subList(from - 1, to));
      }
      return picked;
    }
    throw new IllegalArgumentException("unknown filter '" + filter + "'");
  }

  /** Where the block is, for messages: "docs/theory.md:84 (balls --bounds)". */
  String where(Path root) {
    return root.relativize(file) + ":" + markerLine + " (" + args + ")";
  }

  private static List<String> trimBlankEnds(List<String> lines) {
    int from = 0;
    int to = lines.size();
    while (from < to && lines.get(from).isBlank()) {
      from++;
    }
    while (to > from && lines.get(to - 1).isBlank()) {
      to--;
    }
    return lines.subList(from, to);
  }
}
