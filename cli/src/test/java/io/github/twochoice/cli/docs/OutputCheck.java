/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.docs;

import io.github.twochoice.cli.CommandRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the command of an {@link OutputBlock} in this process and compares what it prints with the
 * block, line by line. Runs of spaces count as one (column widths may differ); everything else,
 * every digit above all, must be equal. A difference is reported with the block, the document's
 * line and both values.
 */
final class OutputCheck {
  /** A number as the tables print it: 12, -3, 0.916, 1.33e-10, 22.9%, 2^15, 538,838. */
  private static final Pattern NUMBER =
      Pattern.compile("-?\\d+(?:,\\d{3})*(?:\\.\\d+)?(?:e[-+]?\\d+)?");

  private OutputCheck() {}

  /** The block's lines as the command prints them now. */
  static List<String> printed(OutputBlock block) {
    CommandRun run = CommandRun.of(block.argv().toArray(new String[0]));
    if (run.exitCode() != 0) {
      throw new AssertionError(
          "twochoice " + block.args() + " exited with " + run.exitCode() + ": " + run.err());
    }
    return List.copyOf(block.select(List.of(run.out().split("\n", -1))));
  }

  /**
   * Compares the block with what its command prints.
   *
   * @return the first difference, described, or empty if the block shows exactly that
   */
  static Optional<String> difference(OutputBlock block, List<String> printed, Path root) {
    List<String> shown = block.lines();
    for (int i = 0; i < Math.max(shown.size(), printed.size()); i++) {
      String doc = i < shown.size() ? shown.get(i) : null;
      String now = i < printed.size() ? printed.get(i) : null;
      if (doc == null || now == null || !normalize(doc).equals(normalize(now))) {
        return Optional.of(describe(block, root, i, doc, now));
      }
    }
    return Optional.empty();
  }

  private static String describe(OutputBlock block, Path root, int i, String doc, String now) {
    String where = root.relativize(block.file()) + ":" + (block.firstLine() + i);
    String head = "block " + block.where(root) + ", line " + where + ": ";
    if (doc == null) {
      return head + "the command prints a line the doc lacks:\n  printed: " + now;
    }
    if (now == null) {
      return head + "the doc shows a line the command no longer prints:\n  doc:     " + doc;
    }
    List<String> docNumbers = numbers(doc);
    List<String> nowNumbers = numbers(now);
    String values = "";
    for (int k = 0; k < Math.max(docNumbers.size(), nowNumbers.size()); k++) {
      String a = k < docNumbers.size() ? docNumbers.get(k) : "(none)";
      String b = k < nowNumbers.size() ? nowNumbers.get(k) : "(none)";
      if (!a.equals(b)) {
        values = "the doc says " + a + ", the command prints " + b + "\n";
        break;
      }
    }
    return head + values + "  doc:     " + doc + "\n  printed: " + now;
  }

  private static String normalize(String line) {
    return line.strip().replaceAll("\\s+", " ");
  }

  private static List<String> numbers(String line) {
    List<String> found = new ArrayList<>();
    Matcher m = NUMBER.matcher(line);
    while (m.find()) {
      found.add(m.group());
    }
    return found;
  }
}
