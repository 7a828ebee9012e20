/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

/**
 * Solves a dense square linear system by Gaussian elimination with partial pivoting: O(m³) time, in
 * place. The matrix must be nonsingular.
 */
final class LinearSystem {
  private LinearSystem() {}

  /** Returns x with a x = b, overwriting a and b. */
  static double[] solve(double[][] a, double[] b) {
    int m = b.length;
    for (int col = 0; col < m; col++) {
      int pivot = col;
      for (int row = col + 1; row < m; row++) {
        if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) {
          pivot = row;
        }
      }
      double[] rowSwap = a[col];
      a[col] = a[pivot];
      a[pivot] = rowSwap;
      double bSwap = b[col];
      b[col] = b[pivot];
      b[pivot] = bSwap;
      for (int row = col + 1; row < m; row++) {
        double factor = a[row][col] / a[col][col];
        if (factor != 0) {
          for (int k = col; k < m; k++) {
            a[row][k] -= factor * a[col][k];
          }
          b[row] -= factor * b[col];
        }
      }
    }
    double[] x = new double[m];
    for (int row = m - 1; row >= 0; row--) {
      double sum = b[row];
      for (int k = row + 1; k < m; k++) {
        sum -= a[row][k] * x[k];
      }
      x[row] = sum / a[row][row];
    }
    return x;
  }
}
