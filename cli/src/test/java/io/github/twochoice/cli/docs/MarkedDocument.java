/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Markdown document read for its marked blocks. Every plain fenced block (no language, or {@code
 * text}) and every pipe table with a digit in its body must sit under one of three markers, so no
 * figure goes unchecked by accident:
 *
 * <ul>
 *   <li>{@code <!-- output: ARGS -->} (or {@code output slow:}): the fenced block under it is what
 *       {@code twochoice ARGS} prints, checked by running it ({@link OutputBlock});
 *   <li>{@code <!-- benchmark: HOW -->}: machine-dependent figures (JMH, JOL, timings), not re-run;
 *   <li>{@code <!-- source: WHERE -->}: figures that no command prints (a definition, a paper).
 * </ul>
 */
final class MarkedDocument {
  private static final Pattern MARKER =
      Pattern.compile("<!-- (output|output slow|benchmark|source): (.+?) -->");
  private static final Pattern FENCE = Pattern.compile("^```(\\S*)\\s*$");

  private final Path file;
  private final List<String> lines;
  private final List<OutputBlock> blocks = new ArrayList<>();
  private final List<String> problems = new ArrayList<>();

  private MarkedDocument(Path file, List<String> lines) {
    this.file = file;
    this.lines = lines;
    parse();
  }

  /** Reads and parses a document. */
  static MarkedDocument read(Path file) {
    try {
      return new MarkedDocument(file, Files.readAllLines(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The blocks marked {@code output}, in document order. */
  List<OutputBlock> blocks() {
    return blocks;
  }

  /** "file:line: what is wrong" for every block or table without a marker, or a bad marker. */
  List<String> problems() {
    return problems;
  }

  /** The document's lines. */
  List<String> lines() {
    return lines;
  }

  @Override
  public String toString() {
    return file.getFileName().toString();
  }

  private void parse() {
    int i = 0;
    while (i < lines.size()) {
      String line = lines.get(i);
      Matcher fence = FENCE.matcher(line);
      if (fence.matches()) {
        int close = closingFence(i);
        String info = fence.group(1);
        if (info.isEmpty() || info.equals("text")) {
          checkMarked(i, "a plain fenced block", close);
        }
        i = close + 1;
      } else if (isTableRow(line) && (i == 0 || !isTableRow(lines.get(i - 1)))) {
        int end = i;
        while (end < lines.size() && isTableRow(lines.get(end))) {
          end++;
        }
        boolean digits = false;
        for (int row = i + 2; row < end; row++) {
          digits |= lines.get(row).chars().anyMatch(Character::isDigit);
        }
        if (digits) {
          Matcher marker = marker(i);
          if (marker == null) {
            problems.add(at(i) + "a table of figures without a marker");
          } else if (marker.group(1).startsWith("output")) {
            problems.add(
                at(i) + "an output marker above a table: show the output in a fenced block");
          }
        }
        i = end;
      } else {
        i++;
      }
    }
  }

  /**
   * Records the block opening at {@code open} if it is under an output marker; else checks it has
   * one.
   */
  private void checkMarked(int open, String what, int close) {
    Matcher marker = marker(open);
    if (marker == null) {
      problems.add(at(open) + what + " without a marker");
      return;
    }
    if (!marker.group(1).startsWith("output")) {
      return;
    }
    String text = marker.group(2);
    int bar = text.indexOf(" | ");
    String args = (bar < 0 ? text : text.substring(0, bar)).strip();
    String filter = bar < 0 ? "" : text.substring(bar + 3).strip();
    int markerLine = previousNonBlank(open);
    blocks.add(
        new OutputBlock(
            file,
            markerLine + 1,
            args,
            marker.group(1).equals("output slow"),
            filter,
            open + 2,
            lines.subList(open + 1, close)));
  }

  private int closingFence(int open) {
    for (int i = open + 1; i < lines.size(); i++) {
      if (lines.get(i).strip().equals("```")) {
        return i;
      }
    }
    problems.add(at(open) + "a fenced block that is never closed");
    return lines.size() - 1;
  }

  /** The marker on the last non-blank line before {@code index}, or null. */
  private Matcher marker(int index) {
    int previous = previousNonBlank(index);
    if (previous < 0) {
      return null;
    }
    Matcher marker = MARKER.matcher(lines.get(previous).strip());
    return marker.matches() ? marker : null;
  }

  private int previousNonBlank(int index) {
    int i = index - 1;
    while (i >= 0 && lines.get(i).isBlank()) {
      i--;
    }
    return i;
  }

  private static boolean isTableRow(String line) {
    String s = line.strip();
    return s.startsWith("|") && s.endsWith("|") && s.length() > 1;
  }

  private String at(int index) {
    return file.getFileName() + ":" + (index + 1) + ": ";
  }
}
