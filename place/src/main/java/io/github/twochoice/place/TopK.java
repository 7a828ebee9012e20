/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

/**
 * The k highest-ranked of N nodes, highest first, by insertion into a sorted array of k: O(N k)
 * comparisons, which beats sorting for the small k of a failover order. Nodes that tie keep their
 * order (the earlier node first).
 */
final class TopK {
  /** Whether node i outranks node j: its weight or score is strictly higher. */
  @FunctionalInterface
  interface Outranks {
    boolean test(int i, int j);
  }

  private TopK() {}

  /** The indices of the k highest of nodes 0 … size − 1, highest first. */
  static int[] indices(int size, int k, Outranks outranks) {
    int[] top = new int[k];
    int filled = 0;
    for (int i = 0; i < size; i++) {
      int slot = filled;
      while (slot > 0 && outranks.test(i, top[slot - 1])) {
        slot--;
      }
      if (slot < k) {
        System.arraycopy(top, slot, top, slot + 1, Math.min(filled, k - 1) - slot);
        top[slot] = i;
        filled = Math.min(filled + 1, k);
      }
    }
    return top;
  }
}
