/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class LookupTableTest {
  private static final int NODES = 10;

  /** Rows are placed like keys of hash splitmix64((r + 1) γ), by the standard pair hash. */
  @Test
  void rowsHoldTheTwoNodesOfHighestWeight() {
    List<String> names = RendezvousTest.names(NODES);
    LookupTable<String> table = LookupTable.of(names, Function.identity(), 1009);
    for (int row = 0; row < table.rows(); row++) {
      long rowHash = Hash64.splitmix64((row + 1L) * 0x9e3779b97f4a7c15L);
      List<String> byWeight = new ArrayList<>(names);
      byWeight.sort(
          (a, b) ->
              Long.compareUnsigned(
                  Hash64.splitmix64(rowHash ^ Hash64.fnv1a64(b)),
                  Hash64.splitmix64(rowHash ^ Hash64.fnv1a64(a))));
      assertEquals(byWeight.get(0), table.primaryOfRow(row), "row " + row);
      assertEquals(byWeight.get(1), table.backupOfRow(row), "row " + row);
    }
    for (int k = 0; k < 2000; k++) {
      String key = "key-" + k;
      int row = (int) Long.remainderUnsigned(Hash64.mixedFnv1a64(key), 1009);
      assertEquals(row, table.rowOf(key));
      assertEquals(table.primaryOfRow(row), table.owner(key));
      assertEquals(table.backupOfRow(row), table.backup(key));
      assertNotEquals(table.owner(key), table.backup(key));
    }
  }

  /** Each node's number of rows is Binomial(65537, 1/10). */
  @Test
  void eachNodeOwnsAboutMOverNRows() {
    LookupTable<String> table = LookupTable.of(RendezvousTest.names(NODES), Function.identity());
    assertEquals(LookupTable.DEFAULT_ROWS, table.rows());
    for (Map.Entry<String, Integer> rows : rowsPerPrimary(table).entrySet()) {
      Binomial.assertCount(rows.getValue(), table.rows(), 1.0 / NODES, rows.getKey());
    }
  }

  /**
   * The disruption bound, exactly: after a removal, every row whose primary survived keeps it, and
   * every row of the removed node passes to its backup. Their number is Binomial(65537, 1/10).
   */
  @Test
  void removingANodeChangesExactlyItsRows() {
    LookupTable<String> table = LookupTable.of(RendezvousTest.names(NODES), Function.identity());
    List<String> primaries = new ArrayList<>();
    List<String> backups = new ArrayList<>();
    for (int row = 0; row < table.rows(); row++) {
      primaries.add(table.primaryOfRow(row));
      backups.add(table.backupOfRow(row));
    }
    assertTrue(table.remove("node-4"));
    int changed = 0;
    for (int row = 0; row < table.rows(); row++) {
      if (primaries.get(row).equals("node-4")) {
        assertEquals(backups.get(row), table.primaryOfRow(row), "row " + row);
        changed++;
      } else {
        assertEquals(primaries.get(row), table.primaryOfRow(row), "row " + row);
      }
      assertNotEquals("node-4", table.backupOfRow(row));
    }
    Binomial.assertCount(changed, table.rows(), 1.0 / NODES, "rows changed");
  }

  /** After add or remove, the table is what filling every row from scratch gives. */
  @Test
  void addAndRemoveEqualARebuild() {
    List<String> names = RendezvousTest.names(NODES + 1);
    int rows = 4099;
    LookupTable<String> table = LookupTable.of(names.subList(0, NODES), Function.identity(), rows);
    LookupTable<String> before = LookupTable.of(names.subList(0, NODES), Function.identity(), rows);
    table.add("node-10");
    assertSameRows(LookupTable.of(names, Function.identity(), rows), table);
    for (int row = 0; row < rows; row++) {
      String primary = table.primaryOfRow(row);
      assertTrue(primary.equals(before.primaryOfRow(row)) || primary.equals("node-10"));
    }
    table.remove("node-3");
    List<String> remaining = new ArrayList<>(names);
    remaining.remove("node-3");
    assertSameRows(LookupTable.of(remaining, Function.identity(), rows), table);
    assertFalse(table.remove("node-3"));
    assertEquals(remaining, table.nodes());
    assertEquals(NODES, table.size());
  }

  private static void assertSameRows(LookupTable<String> expected, LookupTable<String> actual) {
    assertEquals(expected.rows(), actual.rows());
    for (int row = 0; row < expected.rows(); row++) {
      assertEquals(expected.primaryOfRow(row), actual.primaryOfRow(row), "row " + row);
      assertEquals(expected.backupOfRow(row), actual.backupOfRow(row), "row " + row);
    }
  }

  private static Map<String, Integer> rowsPerPrimary(LookupTable<String> table) {
    Map<String, Integer> rows = new HashMap<>();
    for (String node : table.nodes()) {
      rows.put(node, 0);
    }
    for (int row = 0; row < table.rows(); row++) {
      rows.merge(table.primaryOfRow(row), 1, Integer::sum);
    }
    return rows;
  }

  @Test
  void badInputGetsAClearException() {
    IllegalArgumentException oneNode =
        assertThrows(
            IllegalArgumentException.class,
            () -> LookupTable.of(List.of("a"), Function.identity()));
    assertTrue(oneNode.getMessage().contains("at least 2 nodes"), oneNode.getMessage());
    IllegalArgumentException fewRows =
        assertThrows(
            IllegalArgumentException.class,
            () -> LookupTable.of(List.of("a", "b", "c"), Function.identity(), 2));
    assertEquals("rows must be at least the number of nodes 3: 2", fewRows.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> LookupTable.of(List.of("a", "b", "a"), Function.identity()));

    LookupTable<String> small = LookupTable.of(List.of("a", "b"), Function.identity(), 3);
    assertThrows(IllegalStateException.class, () -> small.remove("a"));
    assertFalse(small.remove("c"));
    assertThrows(IllegalArgumentException.class, () -> small.add("b"));
    small.add("c");
    IllegalStateException full = assertThrows(IllegalStateException.class, () -> small.add("d"));
    assertEquals("a table of 3 rows is full", full.getMessage());
    assertThrows(NullPointerException.class, () -> small.owner(null));
  }
}
