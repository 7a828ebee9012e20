/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench;

import io.github.twochoice.map.CuckooHashSet;
import io.github.twochoice.map.DLeftHashSet;
import io.github.twochoice.map.TwoChoiceHashSet;
import it.unimi.dsi.fastutil.objects.ObjectOpenHashSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.openjdk.jol.info.GraphLayout;
import org.openjdk.jol.vm.VM;

/**
 * The memory a map's structure takes per entry, measured with JOL: the bytes of everything
 * reachable from the map ({@link GraphLayout#totalSize()}) minus the bytes of its keys and values,
 * divided by the number of entries. Keys are distinct random {@link Integer}s, each its own value,
 * so keys and values are the same objects and are subtracted once.
 *
 * <p>Measured for maps grown by {@code put} from the default constructor (the usual case, where
 * growth by doubling makes bytes per entry a sawtooth in the size) and for maps presized with the
 * expected-size constructor; then the same for the sets beside {@link HashSet} and fastutil's
 * {@link ObjectOpenHashSet}. Not a JMH benchmark: run it with {@code bash bench/memory.sh}.
 */
public final class MemoryFootprint {
  private static final int[] DEFAULT_SIZES = {10_000, 600_000, 750_000, 1_000_000};

  /**
   * The maps measured: every {@link Impl}, SmoothieMap only in a JVM run with {@link
   * Impl#SMOOTHIE_MAP_JVM_FLAGS} ({@code bash bench/memory.sh --smoothie}), whose 16-byte object
   * headers make every map of that run larger alike.
   */
  private static final Impl[] MAPS =
      VM.current().objectHeaderSize() == 16
          ? Impl.values()
          : EnumSet.complementOf(EnumSet.of(Impl.SmoothieMap)).toArray(new Impl[0]);

  /** The sets measured: name and constructor from an expected size (0: the default). */
  private enum SetImpl {
    HashSet,
    fastutil,
    TwoChoiceSet,
    DLeftSet,
    CuckooSet;

    /** Returns a new set made for {@code n} elements. */
    Set<Object> withExpectedSize(int n) {
      return switch (this) {
        case HashSet -> new HashSet<>((int) (n / 0.75f) + 1);
        case fastutil -> new ObjectOpenHashSet<>(n);
        case TwoChoiceSet -> new TwoChoiceHashSet<>(n);
        case DLeftSet -> new DLeftHashSet<>(n);
        case CuckooSet -> new CuckooHashSet<>(n);
      };
    }
  }

  private MemoryFootprint() {}

  /**
   * Prints the tables.
   *
   * @param args sizes to measure instead of the default 10^4, 6*10^5, 7.5*10^5 and 10^6; or {@code
   *     --sweep FROM TO STEPS}: each map grown by put through STEPS sizes evenly spaced from FROM
   *     to TO, with the least and the most bytes per entry seen
   */
  public static void main(String[] args) {
    if (args.length == 4 && args[0].equals("--sweep")) {
      sweep(Integer.parseInt(args[1]), Integer.parseInt(args[2]), Integer.parseInt(args[3]));
      return;
    }
    int[] sizes = DEFAULT_SIZES;
    if (args.length > 0) {
      sizes = new int[args.length];
      for (int i = 0; i < args.length; i++) {
        sizes[i] = Integer.parseInt(args[i]);
      }
    }
    System.out.println(VM.current().details());
    Impl[] impls = MAPS;
    double[][] grown = new double[impls.length][sizes.length];
    double[][] presized = new double[impls.length][sizes.length];
    for (int s = 0; s < sizes.length; s++) {
      Object[] keys = KeyType.Integer.keys(sizes[s]);
      long keyBytes = GraphLayout.parseInstance(keys).totalSize();
      for (int i = 0; i < impls.length; i++) {
        grown[i][s] = bytesPerEntry(impls[i].newMap(), keys, keyBytes);
        presized[i][s] = bytesPerEntry(impls[i].newMap(keys.length), keys, keyBytes);
      }
    }
    String[] names = Arrays.stream(impls).map(Enum::name).toArray(String[]::new);
    print("Grown by put from the default constructor", names, sizes, grown);
    print("Presized with the expected-size constructor", names, sizes, presized);
    measureSets(sizes);
  }

  /** The set tables: structure bytes per element, grown by add and presized. */
  private static void measureSets(int[] sizes) {
    SetImpl[] impls = SetImpl.values();
    double[][] grown = new double[impls.length][sizes.length];
    double[][] presized = new double[impls.length][sizes.length];
    for (int s = 0; s < sizes.length; s++) {
      Object[] keys = KeyType.Integer.keys(sizes[s]);
      long keyBytes = GraphLayout.parseInstance(keys).totalSize();
      for (int i = 0; i < impls.length; i++) {
        grown[i][s] = bytesPerElement(impls[i].withExpectedSize(0), keys, keyBytes);
        presized[i][s] = bytesPerElement(impls[i].withExpectedSize(keys.length), keys, keyBytes);
      }
    }
    String[] names = Arrays.stream(impls).map(Enum::name).toArray(String[]::new);
    print("Sets grown by add from an empty set", names, sizes, grown);
    print("Sets presized with the expected-size constructor", names, sizes, presized);
  }

  private static double bytesPerElement(Set<Object> set, Object[] keys, long keyBytes) {
    Collections.addAll(set, keys);
    if (set.size() != keys.length) {
      throw new IllegalStateException(set.getClass() + " holds " + set.size() + " elements");
    }
    return (double) (GraphLayout.parseInstance(set).totalSize() - keyBytes) / keys.length;
  }

  /** Grows one map per implementation through the sizes, printing the range of bytes per entry. */
  private static void sweep(int from, int to, int steps) {
    System.out.println(VM.current().details());
    Object[] keys = KeyType.Integer.keys(to);
    System.out.printf(
        Locale.ROOT,
        "### Grown by put, %d sizes from %,d to %,d: structure bytes per entry%n%n",
        steps,
        from,
        to);
    System.out.println("| impl | least (at size) | most (at size) |");
    System.out.println("|---|---:|---:|");
    for (Impl impl : MAPS) {
      Map<Object, Object> map = impl.newMap();
      double least = Double.MAX_VALUE;
      double most = 0;
      int leastAt = 0;
      int mostAt = 0;
      int inserted = 0;
      for (int step = 0; step < steps; step++) {
        int size = from + (int) ((long) (to - from) * step / Math.max(1, steps - 1));
        while (inserted < size) {
          map.put(keys[inserted], keys[inserted]);
          inserted++;
        }
        long keyBytes = GraphLayout.parseInstance(Arrays.copyOf(keys, size)).totalSize();
        double bytes = (double) (GraphLayout.parseInstance(map).totalSize() - keyBytes) / size;
        if (bytes < least) {
          least = bytes;
          leastAt = size;
        }
        if (bytes > most) {
          most = bytes;
          mostAt = size;
        }
      }
      System.out.printf(
          Locale.ROOT, "| %s | %.1f (%,d) | %.1f (%,d) |%n", impl, least, leastAt, most, mostAt);
    }
  }

  private static double bytesPerEntry(Map<Object, Object> map, Object[] keys, long keyBytes) {
    for (Object key : keys) {
      map.put(key, key);
    }
    if (map.size() != keys.length) {
      throw new IllegalStateException(map.getClass() + " holds " + map.size() + " entries");
    }
    long total = GraphLayout.parseInstance(map).totalSize();
    return (double) (total - keyBytes) / keys.length;
  }

  /** Prints one table; the first row is the baseline of the ratios. */
  private static void print(String title, String[] impls, int[] sizes, double[][] bytes) {
    System.out.println();
    System.out.println("### " + title + ": structure bytes per entry (ratio to " + impls[0] + ")");
    System.out.println();
    List<String> header = new ArrayList<>();
    header.add("impl");
    for (int size : sizes) {
      header.add(String.format(Locale.ROOT, "%,d", size));
    }
    System.out.println("| " + String.join(" | ", header) + " |");
    System.out.println("|---" + "|---:".repeat(sizes.length) + "|");
    for (int i = 0; i < impls.length; i++) {
      StringBuilder row = new StringBuilder("| " + impls[i]);
      for (int s = 0; s < sizes.length; s++) {
        row.append(
            String.format(Locale.ROOT, " | %.1f (%.2f×)", bytes[i][s], bytes[i][s] / bytes[0][s]));
      }
      System.out.println(row.append(" |"));
    }
  }
}
