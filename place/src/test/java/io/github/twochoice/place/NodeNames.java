/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import java.util.ArrayList;
import java.util.List;

/** The names the placement tests give their nodes: node-0, node-1, … */
final class NodeNames {
  private NodeNames() {}

  static List<String> of(int n) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      names.add("node-" + i);
    }
    return names;
  }
}
