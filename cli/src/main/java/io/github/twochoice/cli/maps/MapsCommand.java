/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.maps;

import io.github.twochoice.cli.common.CommonOptions;
import io.github.twochoice.cli.common.EnumNames;
import io.github.twochoice.cli.common.Format;
import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.cli.common.Table;
import io.github.twochoice.map.HashFamily;
import io.github.twochoice.stats.LoadStats;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The real maps filled with real keys under each hash family, their statistics beside theory. */
@Command(
    name = "maps",
    mixinStandardHelpOptions = true,
    description = {
      "The real maps under each hash family, beside theory.",
      "%nFill each Map implementation with n Integer keys under each hash family and print its"
          + " LoadStats beside the fluid limit at the same load: the fullest bucket ('max',"
          + " predicted 'fluid max'), buckets with >= 2 entries, entries in overflow, probes per"
          + " lookup. Sequential keys under the identity hash show why the hash must be random."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  twochoice maps --keys sequential",
      "  twochoice maps --n 100000 --hash identity,tabulation --maps two_choice",
      "  twochoice maps --maps d-left,cuckoo --seed 7 --csv"
    })
public final class MapsCommand implements Runnable {
  @Mixin CommonOptions common;

  @Option(
      names = "--n",
      defaultValue = "1000000",
      description = "Keys per map (default: ${DEFAULT-VALUE}).")
  int n;

  @Option(
      names = "--keys",
      defaultValue = "random",
      converter = KeyOrders.class,
      completionCandidates = KeyOrders.class,
      description = "Key order: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  KeyOrder keys;

  @Option(
      names = "--hash",
      split = ",",
      defaultValue = "strong_mixer,multiply_shift,tabulation,identity",
      converter = HashFamilies.class,
      completionCandidates = HashFamilies.class,
      description = "Hash families: ${COMPLETION-CANDIDATES} (default: all).")
  List<HashFamily> families;

  @Option(
      names = "--maps",
      split = ",",
      defaultValue = "one_choice,two_choice,d_left,cuckoo",
      converter = MapKinds.class,
      completionCandidates = MapKinds.class,
      description = "Maps: ${COMPLETION-CANDIDATES} (default: all).")
  List<MapKind> kinds;

  @Override
  public void run() {
    common.check(n >= 1, "--n", "at least 1", n);
    Progress progress = common.progress("maps", (long) kinds.size() * families.size());
    Table table =
        new Table(
            "map",
            "hash",
            "keys",
            "buckets",
            "load",
            "max",
            "fluid max",
            ">=2 %",
            "fluid >=2 %",
            "overflow",
            "probes hit",
            "probes miss");
    for (MapFill row : MapFill.fill(n, kinds, families, keys, common.seed, progress)) {
      LoadStats stats = row.stats();
      int predicted = row.predictedMaxLoad();
      table.row(
          row.kind().className,
          EnumNames.name(row.family()),
          EnumNames.name(row.keys()),
          stats.buckets(),
          Format.fixed(stats.meanKeysPerBucket(), 3),
          stats.maxLoad(),
          predicted < 0 ? "-" : predicted,
          Format.percent(stats.fractionAtLeast(2)),
          Format.percent(row.predictedFractionAtLeast(2)),
          stats.overflow(),
          Format.fixed(stats.meanProbesHit(), 3),
          Format.fixed(stats.meanProbesMiss(), 3));
    }
    progress.finish();
    common.print(table);
  }

  /** {@code maps --hash}. */
  static final class HashFamilies extends EnumNames<HashFamily> {
    HashFamilies() {
      super(HashFamily.class);
    }
  }

  /** {@code maps --keys}. */
  static final class KeyOrders extends EnumNames<KeyOrder> {
    KeyOrders() {
      super(KeyOrder.class);
    }
  }

  /** {@code maps --maps}. */
  static final class MapKinds extends EnumNames<MapKind> {
    MapKinds() {
      super(MapKind.class);
    }
  }
}
