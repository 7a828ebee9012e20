/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.maps;

import io.github.twochoice.cli.common.CommonOptions;
import io.github.twochoice.cli.common.Format;
import io.github.twochoice.cli.common.Progress;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Runs the demo ({@link Demo}) and prints its tables. */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Every map filled with 10^6 keys, beside theory.",
      "%nFill each map of the library with the same n random keys (as many buckets as keys) and"
          + " print, side by side, the longest chain, the mean probes, the layers and the keys per"
          + " choice, next to what theory predicts; then a CuckooHashMap grown from empty, and the"
          + " cuckoo load thresholds measured on tables of 2^15 slots."
    },
    footerHeading = "%nExamples:%n",
    footer = {"  twochoice demo", "  twochoice demo --seed 7", "  twochoice demo --n 100000 --csv"})
public final class DemoCommand implements Runnable {
  @Mixin CommonOptions common;

  @Option(
      names = "--n",
      defaultValue = "1000000",
      description = "Keys per map (default: ${DEFAULT-VALUE}).")
  int n;

  @Override
  public void run() {
    common.check(n >= 1, "--n", "at least 1", n);
    Progress progress = common.progress("demo", Demo.STEPS);
    Demo demo = Demo.run(n, common.seed, progress);
    progress.finish();
    common.note(demo.title());
    common.section(
        "Each map: its fullest bucket beside theory, mean probes per lookup, and the share of keys"
            + " in their 1st, 2nd, ... choice (d-left: subtable, left to right). Theory: one"
            + " choice ln n / ln ln n | Gonnet Gamma^-1(n) - 3/2; d choices ln ln n / ln d; d-left"
            + " ln ln n / (d ln phi_d). A probe: one chain entry (chained maps), one bucket"
            + " (d-left)",
        demo.maps());
    common.section("Fraction of buckets holding at least k keys", demo.layers());
    common.section(
        String.format(
            Locale.ROOT,
            "CuckooHashMap (d = %d choices, b = %d slots per bucket, load factor %s), the same keys,"
                + " grown from empty",
            demo.cuckooChoices(),
            demo.cuckooSlots(),
            Format.fixed(demo.cuckooLoadFactor(), 2)),
        demo.cuckoo());
    common.section(
        "Cuckoo load threshold: the fraction of "
            + Demo.THRESHOLD_TRIALS
            + " tables of "
            + demo.thresholdCells()
            + " slots in which load x slots keys all fit, per (d, b) = (choices, slots per"
            + " bucket)",
        demo.thresholds());
  }
}
