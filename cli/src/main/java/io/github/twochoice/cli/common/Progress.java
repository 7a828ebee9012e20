/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.common;

import java.io.PrintWriter;

/**
 * Progress of a long run on the error stream: silent for the first {@link #QUIET_NANOS}, then a
 * line "label: done/total" rewritten in place at most twice a second, so short runs print nothing
 * and tables on the output stream stay clean. An invisible progress (see {@link
 * CommonOptions#progress}) prints nothing at all.
 */
public final class Progress {
  static final long QUIET_NANOS = 2_000_000_000L;
  private static final long INTERVAL_NANOS = 500_000_000L;

  private final PrintWriter err;
  private final String label;
  private final long total;
  private final boolean visible;
  private final long start = System.nanoTime();
  private long done;
  private long lastPrinted;
  private boolean printed;

  /**
   * A progress line.
   *
   * @param err where to print it
   * @param label what is running
   * @param total the number of steps, or 0 if unknown
   * @param visible whether to print anything
   */
  public Progress(PrintWriter err, String label, long total, boolean visible) {
    this.err = err;
    this.label = label;
    this.total = total;
    this.visible = visible;
  }

  /** Records one more unit of work done. */
  public void step() {
    done++;
    long now = System.nanoTime();
    if (visible && now - start >= QUIET_NANOS && now - lastPrinted >= INTERVAL_NANOS) {
      err.print("\r" + label + ": " + done + "/" + total);
      err.flush();
      lastPrinted = now;
      printed = true;
    }
  }

  /** Ends the progress line if one was printed. */
  public void finish() {
    if (printed) {
      err.println("\r" + label + ": " + done + "/" + total + " done");
      err.flush();
    }
  }
}
