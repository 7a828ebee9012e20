/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench;

import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * Two or more builds of the library timed in one JVM, in turns. Each contender is a map of a
 * benchmark jar of its own ({@code bench/run.sh} builds one per commit), loaded by a class loader
 * of its own, that runs the same {@link Operations} sequence on one thread; the contenders run in
 * windows of equal length, forwards and backwards in turn. On a machine whose speed drifts from JVM
 * to JVM and over seconds, this compares builds under the same drift, which JMH forks minutes apart
 * cannot. It measures one thread only, and every map shares the heap, so the garbage collector lays
 * out each map's objects among the others'.
 *
 * <pre>
 * java -cp benchmarks.jar io.github.twochoice.bench.SideBySide SIZE KEY_TYPE MIX WINDOWS MILLIS \
 *     LABEL=JAR:IMPL LABEL=JAR:IMPL ...
 * </pre>
 *
 * <p>It prints each contender's rate per window (operations per microsecond) and, for every
 * contender after the first, the median and range of its ratio to the first, window by window,
 * after the first third of the windows (the warm-up).
 */
public final class SideBySide {
  private SideBySide() {}

  /** One contender: a map and its sequence, timed a window at a time. */
  public static final class Contender implements LongUnaryOperator {
    private final Map<Object, Object> map;
    private final Operations operations;
    private int cursor;

    /** The gets that hit, kept so that no get's result is dead code. */
    long hits;

    /** Fills a new {@code impl} with {@code size} keys of {@code keyType}, for {@code mix}. */
    public Contender(String impl, int size, String keyType, String mix) {
      KeyType type = KeyType.valueOf(keyType);
      Object[] universe = type.keys(2 * size);
      map = Impl.valueOf(impl).newMap();
      for (int i = 0; i < size; i++) {
        map.put(universe[i], Operations.initialValue(mix, universe[i]));
      }
      operations = new Operations(type, universe, size, mix, KeyType.SEED * 31 + 1);
    }

    /**
     * Runs batches of {@link ConcurrentBenchmark#BATCH} operations for at least {@code nanos};
     * returns how many ran.
     */
    @Override
    public long applyAsLong(long nanos) {
      long end = System.nanoTime() + nanos;
      long done = 0;
      do {
        hits += operations.run(map, cursor, ConcurrentBenchmark.BATCH);
        cursor = (cursor + ConcurrentBenchmark.BATCH) & (Operations.LENGTH - 1);
        done += ConcurrentBenchmark.BATCH;
      } while (System.nanoTime() < end);
      return done;
    }
  }

  /**
   * Runs the contenders named in {@code args}.
   *
   * @param args size, key type, mix, windows, window length in milliseconds, then {@code
   *     LABEL=JAR:IMPL} per contender
   * @throws Exception if a jar cannot be read or a contender cannot be made
   */
  public static void main(String[] args) throws Exception {
    if (args.length < 7) {
      throw new IllegalArgumentException(
          "args: SIZE KEY_TYPE MIX WINDOWS MILLIS LABEL=JAR:IMPL LABEL=JAR:IMPL ...");
    }
    int size = Integer.parseInt(args[0]);
    int windows = Integer.parseInt(args[3]);
    long windowNanos = Long.parseLong(args[4]) * 1_000_000L;
    if (windows < 3) {
      throw new IllegalArgumentException("windows must be at least 3: " + windows);
    }
    URL own = SideBySide.class.getProtectionDomain().getCodeSource().getLocation();
    List<String> labels = new ArrayList<>();
    List<LongUnaryOperator> contenders = new ArrayList<>();
    List<URLClassLoader> loaders = new ArrayList<>();
    for (int i = 5; i < args.length; i++) {
      String[] parts = args[i].split("[=:]", 3);
      if (parts.length != 3) {
        throw new IllegalArgumentException("contender " + args[i] + " is not LABEL=JAR:IMPL");
      }
      URLClassLoader loader = loaderOf(parts[1], own);
      loaders.add(loader);
      labels.add(parts[0]);
      contenders.add(contender(loader, parts[2], size, args[1], args[2]));
    }
    System.gc();
    double[][] rates = timeInTurns(contenders, windows, windowNanos);
    for (URLClassLoader loader : loaders) {
      loader.close();
    }
    report(labels, rates, windows / 3);
  }

  /** A loader of {@code jar}'s classes, then {@code own}'s (for classes an older jar lacks). */
  private static URLClassLoader loaderOf(String jar, URL own) throws MalformedURLException {
    return new URLClassLoader(
        new URL[] {Path.of(jar).toUri().toURL(), own}, ClassLoader.getPlatformClassLoader());
  }

  private static LongUnaryOperator contender(
      ClassLoader loader, String impl, int size, String keyType, String mix)
      throws ReflectiveOperationException {
    Class<?> type = Class.forName(Contender.class.getName(), true, loader);
    try {
      return (LongUnaryOperator)
          type.getConstructor(String.class, int.class, String.class, String.class)
              .newInstance(impl, size, keyType, mix);
    } catch (InvocationTargetException e) {
      throw new IllegalArgumentException("contender " + impl + ": " + e.getCause(), e.getCause());
    }
  }

  /** Times every contender in every window, forwards in even windows and backwards in odd ones. */
  private static double[][] timeInTurns(
      List<LongUnaryOperator> contenders, int windows, long windowNanos) {
    int n = contenders.size();
    double[][] rates = new double[n][windows];
    for (int w = 0; w < windows; w++) {
      for (int k = 0; k < n; k++) {
        int i = w % 2 == 0 ? k : n - 1 - k;
        long start = System.nanoTime();
        long done = contenders.get(i).applyAsLong(windowNanos);
        rates[i][w] = done * 1000.0 / (System.nanoTime() - start);
      }
    }
    return rates;
  }

  private static void report(List<String> labels, double[][] rates, int warmUp) {
    for (int i = 0; i < labels.size(); i++) {
      StringBuilder line = new StringBuilder(labels.get(i)).append(':');
      for (double rate : rates[i]) {
        line.append(String.format(Locale.ROOT, " %.2f", rate));
      }
      System.out.println(line);
    }
    for (int i = 1; i < labels.size(); i++) {
      double[] ratios = new double[rates[i].length - warmUp];
      for (int w = warmUp; w < rates[i].length; w++) {
        ratios[w - warmUp] = rates[i][w] / rates[0][w];
      }
      Arrays.sort(ratios);
      System.out.printf(
          Locale.ROOT,
          "%s / %s: median %.3f [%.3f-%.3f] over %d windows%n",
          labels.get(i),
          labels.get(0),
          ratios[ratios.length / 2],
          ratios[0],
          ratios[ratios.length - 1],
          ratios.length);
    }
  }
}
