/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The docs cannot go stale: every figure of {@code README.md} and {@code docs/*.md} that a command
 * prints sits in a block marked with that command ({@link MarkedDocument}), and each block is run
 * again and compared with what the doc shows ({@link OutputCheck}). Quick commands run in every
 * build, slow ones ({@code output slow:}) with the tests tagged slow. With {@code
 * -DdocsUpdate=true} ({@code scripts/update-docs.sh}) the check rewrites each block with what its
 * command prints instead of failing.
 */
class DocsCheckTest {
  private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
  private static final boolean UPDATE = Boolean.getBoolean("twochoice.docsUpdate");

  /** README.md and every document under docs/. */
  static List<MarkedDocument> documents() {
    List<MarkedDocument> documents = new ArrayList<>();
    documents.add(MarkedDocument.read(ROOT.resolve("README.md")));
    try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
      files
          .filter(f -> f.toString().endsWith(".md"))
          .sorted()
          .forEach(f -> documents.add(MarkedDocument.read(f)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return documents;
  }

  @Test
  void everyFigureSitsUnderAMarker() {
    List<String> problems = new ArrayList<>();
    documents().forEach(d -> problems.addAll(d.problems()));
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  @TestFactory
  Stream<DynamicTest> quickBlocksShowWhatTheirCommandsPrint() {
    return checks(false);
  }

  @Tag("slow")
  @TestFactory
  Stream<DynamicTest> slowBlocksShowWhatTheirCommandsPrint() {
    return checks(true);
  }

  @Test
  void aNumberEditedByHandFails() {
    OutputBlock block =
        documents().stream()
            .flatMap(d -> d.blocks().stream())
            .filter(b -> !b.slow())
            .findFirst()
            .orElseThrow();
    List<String> printed = OutputCheck.printed(block);
    assertEquals(Optional.empty(), OutputCheck.difference(block, printed, ROOT));
    // Edit the last digit of the block's last number, as a hand edit would.
    List<String> edited = new ArrayList<>(block.lines());
    int row = edited.size() - 1;
    while (edited.get(row).chars().noneMatch(Character::isDigit)) {
      row--;
    }
    String line = edited.get(row);
    int digit = line.length() - 1;
    while (!Character.isDigit(line.charAt(digit))) {
      digit--;
    }
    char other = line.charAt(digit) == '9' ? '8' : (char) (line.charAt(digit) + 1);
    edited.set(row, line.substring(0, digit) + other + line.substring(digit + 1));
    OutputBlock handEdited =
        new OutputBlock(
            block.file(),
            block.markerLine(),
            block.args(),
            false,
            block.filter(),
            block.firstLine(),
            edited);
    Optional<String> difference = OutputCheck.difference(handEdited, printed, ROOT);
    assertTrue(difference.isPresent());
    String message = difference.orElseThrow();
    assertTrue(message.contains(":" + (block.firstLine() + row) + ": "), message);
    assertTrue(message.contains("the doc says "), message);
    assertTrue(message.contains("doc:     " + edited.get(row)), message);
    assertTrue(message.contains("printed: " + printed.get(row)), message);
  }

  @Test
  void filtersPickASectionOrLines() {
    OutputBlock section = new OutputBlock(ROOT, 1, "x", false, "section Second", 2, List.of());
    List<String> output = List.of("First", "a 1", "", "Second table", "b 2", "c 3", "", "Third");
    assertEquals(List.of("Second table", "b 2", "c 3"), section.select(output));
    OutputBlock lines = new OutputBlock(ROOT, 1, "x", false, "lines 1-2,5", 2, List.of());
    assertEquals(List.of("First", "a 1", "b 2"), lines.select(output));
    for (String malformed : List.of("lines 3-", "lines 1,", "lines 2-x")) {
      OutputBlock bad = new OutputBlock(ROOT, 1, "x", false, malformed, 2, List.of());
      assertThrows(IllegalArgumentException.class, () -> bad.select(output), malformed);
    }
    OutputBlock quoted =
        new OutputBlock(ROOT, 1, "place --input 'a b.log' --csv", false, "", 2, List.of());
    assertEquals(List.of("place", "--input", "a b.log", "--csv"), quoted.argv());
  }

  private static Stream<DynamicTest> checks(boolean slow) {
    List<DynamicTest> tests = new ArrayList<>();
    for (MarkedDocument document : documents()) {
      List<OutputBlock> blocks = document.blocks().stream().filter(b -> b.slow() == slow).toList();
      if (UPDATE && !blocks.isEmpty()) {
        tests.add(DynamicTest.dynamicTest("update " + document, () -> update(document, blocks)));
        continue;
      }
      for (OutputBlock block : blocks) {
        tests.add(
            DynamicTest.dynamicTest(
                block.where(ROOT),
                () -> {
                  Optional<String> difference =
                      OutputCheck.difference(block, OutputCheck.printed(block), ROOT);
                  assertFalse(difference.isPresent(), difference::orElseThrow);
                }));
      }
    }
    return tests.stream();
  }

  /** Rewrites the blocks of a document with what their commands print now. */
  private static void update(MarkedDocument document, List<OutputBlock> blocks) throws IOException {
    List<String> lines = new ArrayList<>(document.lines());
    for (int b = blocks.size() - 1; b >= 0; b--) {
      OutputBlock block = blocks.get(b);
      int from = block.firstLine() - 1;
      List<String> region = lines.subList(from, from + block.lines().size());
      region.clear();
      region.addAll(OutputCheck.printed(block));
    }
    Files.write(blocks.get(0).file(), lines);
  }
}
