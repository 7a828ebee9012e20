/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.common;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A table of text cells printed either aligned in columns (numbers right-aligned) or as CSV (RFC
 * 4180 quoting). Every command builds one and lets {@code --csv} choose the format.
 */
public final class Table {
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();

  /**
   * A table with the given column headers and no rows.
   *
   * @param header the column headers
   */
  public Table(String... header) {
    this.header = List.of(header);
  }

  /**
   * Adds a row with one cell per column.
   *
   * @param cells the cells, printed with {@link String#valueOf(Object)}
   * @return this table
   * @throws IllegalArgumentException if the row has not one cell per column
   */
  public Table row(Object... cells) {
    if (cells.length != header.size()) {
      throw new IllegalArgumentException(
          "expected "
              + header.size()
              + " cells, got "
              + cells.length
              + ": "
              + Arrays.toString(cells));
    }
    List<String> row = new ArrayList<>();
    for (Object cell : cells) {
      row.add(String.valueOf(cell));
    }
    rows.add(row);
    return this;
  }

  /**
   * Prints the table: columns aligned, or CSV (quoted where needed).
   *
   * @param out where to print
   * @param csv whether to print CSV
   */
  public void print(PrintWriter out, boolean csv) {
    if (csv) {
      printCsv(out);
    } else {
      printAligned(out);
    }
    out.flush();
  }

  private void printAligned(PrintWriter out) {
    int[] width = new int[header.size()];
    for (int c = 0; c < width.length; c++) {
      width[c] = header.get(c).length();
      for (List<String> row : rows) {
        width[c] = Math.max(width[c], row.get(c).length());
      }
    }
    printAlignedRow(out, header, width);
    for (List<String> row : rows) {
      printAlignedRow(out, row, width);
    }
  }

  private static void printAlignedRow(PrintWriter out, List<String> cells, int[] width) {
    StringBuilder line = new StringBuilder();
    for (int c = 0; c < cells.size(); c++) {
      String cell = cells.get(c);
      String pad = " ".repeat(width[c] - cell.length());
      line.append(c == 0 ? "" : "  ").append(looksNumeric(cell) ? pad + cell : cell + pad);
    }
    out.println(line.toString().stripTrailing());
  }

  private static boolean looksNumeric(String cell) {
    return !cell.isEmpty() && cell.chars().allMatch(ch -> "0123456789.-+eE%".indexOf(ch) >= 0);
  }

  private void printCsv(PrintWriter out) {
    out.println(csvLine(header));
    for (List<String> row : rows) {
      out.println(csvLine(row));
    }
  }

  private static String csvLine(List<String> cells) {
    StringBuilder line = new StringBuilder();
    for (String cell : cells) {
      if (line.length() > 0) {
        line.append(',');
      }
      boolean quote = cell.contains(",") || cell.contains("\"") || cell.contains("\n");
      line.append(quote ? '"' + cell.replace("\"", "\"\"") + '"' : cell);
    }
    return line.toString();
  }
}
