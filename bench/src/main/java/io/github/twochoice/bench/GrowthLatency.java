/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import org.HdrHistogram.Histogram;

/**
 * The latency of every single put while a map grows from its default constructor to N keys, and of
 * every remove while it shrinks back to empty: the stalls (a whole table rebuilt in one put) that
 * the averages of the JMH benchmarks hide. Not a JMH benchmark: run it with {@code bash
 * bench/latency.sh}.
 *
 * <p>Each call is timed alone, {@link System#nanoTime()} before and after, into a plain array. The
 * keys ({@link KeyType#keys}, the same for every map) are drawn before the rounds; they are put in
 * that order and removed in a shuffled one. A round grows and empties every contender once, the
 * order rotated by one from round to round; the first round warms the JIT up and is dropped. A
 * contender's worst put is the smallest of the measured rounds' worst puts: an operating-system
 * preemption does not land on the same put in every round, a growth does (likewise for removes).
 * Mean and p99.99 pool the measured rounds. Before each contender's pass {@link System#gc()} clears
 * the garbage of the last one, so that a young generation larger than one pass allocates keeps
 * collections out of the passes; those that still fall inside are counted beside ({@link
 * GarbageCollectorMXBean}).
 *
 * <p>Each table is printed and written to {@code --out} as {@code <size>-<keys>.md}. Per size, key
 * type and contender it also writes two CSV traces, the put latency against the number of keys and
 * the remove latency against the keys left, each row the longest of {@code --bucket} consecutive
 * calls in every measured round: {@code bench/latency_plot.py} draws them.
 *
 * <p>With {@code --threads T} (for the concurrent maps), T threads grow the map together, thread t
 * putting the keys whose index is t modulo T, and then empty it likewise; each thread times its own
 * calls. A round's worst put is then the slowest call of any thread: a put that waits for a growth
 * another thread runs counts as long as it waited.
 */
public final class GrowthLatency {
  /** The default contenders: the peers, then the library's single-threaded maps. */
  private static final String DEFAULT_MAPS =
      "HashMap,fastutil,Koloboke,SmoothieMap,TwoChoice,DLeft,Cuckoo";

  /** A put slower than this is counted as a stall, in nanoseconds. */
  private static final long SLOW_NANOS = 100_000;

  /** Standard output in UTF-8 whatever the locale: the tables print µ and –. */
  private static final PrintStream OUT =
      new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);

  /** The seed of the removal order. */
  private static final long REMOVE_SEED = 0x5EED_0F_2E30_7EL;

  /**
   * A map under test: anything that makes an empty {@code Map<Object, Object>} for a pass of a
   * given number of keys. Named on the command line by an {@link Impl} constant (the map from its
   * default constructor), by {@code presized:} and an {@link Impl} constant (the map sized for the
   * pass's keys, so that it never grows: the control that shows what the machine alone adds to a
   * call), or by the class name of a map with a public no-argument constructor (named then by its
   * simple name).
   */
  record Contender(String name, IntFunction<Map<Object, Object>> factory) {
    private static final String PRESIZED = "presized:";

    static Contender parse(String spec) {
      boolean presized = spec.startsWith(PRESIZED);
      String implName = presized ? spec.substring(PRESIZED.length()) : spec;
      for (Impl impl : Impl.values()) {
        if (impl.name().equals(implName)) {
          return presized
              ? new Contender(implName + "-presized", impl::newMap)
              : new Contender(implName, keys -> impl.newMap());
        }
      }
      if (presized) {
        throw new IllegalArgumentException("not an Impl: " + implName);
      }
      try {
        Class<? extends Map<Object, Object>> type = mapClass(Class.forName(spec));
        var constructor = type.getConstructor();
        return new Contender(
            type.getSimpleName(),
            keys -> {
              try {
                return constructor.newInstance();
              } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
              }
            });
      } catch (ReflectiveOperationException | ClassCastException e) {
        throw new IllegalArgumentException(
            "not an Impl nor a map class with a public no-argument constructor: " + spec, e);
      }
    }

    @SuppressWarnings("unchecked") // a map class: its instances accept any key and value
    private static Class<? extends Map<Object, Object>> mapClass(Class<?> type) {
      return (Class<? extends Map<Object, Object>>) type.asSubclass(Map.class);
    }

    /**
     * Makes one map now, so that a contender that cannot make an empty map in this JVM (a class
     * that fails to initialise) fails before the long run.
     */
    void check() {
      Map<Object, Object> map;
      try {
        map = factory.apply(1);
      } catch (LinkageError | AssertionError e) {
        throw new IllegalStateException(
            name
                + " cannot be made in this JVM (SmoothieMap needs "
                + Impl.SMOOTHIE_MAP_JVM_FLAGS
                + ")",
            e);
      }
      if (!map.isEmpty()) {
        throw new IllegalStateException(name + " makes a map that is not empty");
      }
    }
  }

  /** One contender's measurements over the measured rounds of one size and key type. */
  private static final class Result {
    final Contender contender;
    final Histogram puts = new Histogram(3);
    final long[] worstPut;
    final long[] worstRemove;
    final long[] slowPuts;

    /** Per measured round, the longest put of each bucket. */
    final long[][] putTrace;

    /** Per measured round, the longest remove of each bucket. */
    final long[][] removeTrace;

    long putNanos;
    long removeNanos;
    long gcCount;
    long gcMillis;

    Result(Contender contender, int rounds, int buckets) {
      this.contender = contender;
      worstPut = new long[rounds];
      worstRemove = new long[rounds];
      slowPuts = new long[rounds];
      putTrace = new long[rounds][buckets];
      removeTrace = new long[rounds][buckets];
    }

    /** Adds round {@code r}'s latencies, in nanoseconds, in order of the calls. */
    void add(int r, long[] put, long[] remove, int bucket) {
      for (int i = 0; i < put.length; i++) {
        puts.recordValue(put[i]);
        putNanos += put[i];
        removeNanos += remove[i];
        if (put[i] > SLOW_NANOS) {
          slowPuts[r]++;
        }
        putTrace[r][i / bucket] = Math.max(putTrace[r][i / bucket], put[i]);
        removeTrace[r][i / bucket] = Math.max(removeTrace[r][i / bucket], remove[i]);
      }
      worstPut[r] = max(putTrace[r]);
      worstRemove[r] = max(removeTrace[r]);
    }
  }

  private GrowthLatency() {}

  /**
   * Runs the rounds and prints one table per size and key type.
   *
   * @param args {@code --sizes 4194304,10000000} (default 4194304), {@code --keys Integer,String}
   *     (default Integer), {@code --rounds 4} (the first one is warm-up; default 4), {@code --maps}
   *     a comma-separated list of contenders (default {@value #DEFAULT_MAPS}), {@code --bucket
   *     1024} calls per row of the traces, {@code --threads 2} threads that put and remove together
   *     (default 1), {@code --out DIR} where the traces go (default latency)
   */
  public static void main(String[] args) throws IOException {
    String sizes = "4194304";
    String keyTypes = "Integer";
    String maps = DEFAULT_MAPS;
    int rounds = 4;
    int bucket = 1024;
    int threads = 1;
    Path out = Path.of("latency");
    for (int i = 0; i + 1 < args.length; i += 2) {
      String value = args[i + 1];
      switch (args[i]) {
        case "--sizes" -> sizes = value;
        case "--keys" -> keyTypes = value;
        case "--maps" -> maps = value;
        case "--rounds" -> rounds = Integer.parseInt(value);
        case "--bucket" -> bucket = Integer.parseInt(value);
        case "--threads" -> threads = Integer.parseInt(value);
        case "--out" -> out = Path.of(value);
        default -> throw new IllegalArgumentException("unknown option: " + args[i]);
      }
    }
    if (args.length % 2 != 0 || rounds < 2 || bucket < 1 || threads < 1) {
      throw new IllegalArgumentException(
          "usage: [--sizes N,..] [--keys Integer,String] [--rounds R>=2] [--maps A,B,..]"
              + " [--bucket B] [--threads T>=1] [--out DIR]");
    }
    List<Contender> contenders = new ArrayList<>();
    for (String spec : maps.split(",", -1)) {
      Contender contender = Contender.parse(spec);
      contender.check();
      contenders.add(contender);
    }
    Files.createDirectories(out);
    String jvm = jvm();
    OUT.print(jvm);
    for (String size : sizes.split(",", -1)) {
      for (String keyType : keyTypes.split(",", -1)) {
        int n = Integer.parseInt(size);
        List<Result> results =
            measure(contenders, KeyType.valueOf(keyType), n, rounds, bucket, threads, out);
        String table = table(n, keyType, rounds - 1, threads, results);
        OUT.print(table);
        String name = n + "-" + keyType + (threads > 1 ? "-" + threads + "threads" : "");
        Files.writeString(out.resolve(name + ".md"), jvm + table, StandardCharsets.UTF_8);
      }
    }
  }

  /** Runs every round for one size and key type, writes the traces and returns the results. */
  private static List<Result> measure(
      List<Contender> contenders,
      KeyType keyType,
      int n,
      int rounds,
      int bucket,
      int threads,
      Path out)
      throws IOException {
    Object[] keys = keyType.keys(n);
    Object[] removals = keys.clone();
    KeyType.shuffle(removals, REMOVE_SEED);
    long[] put = new long[n];
    long[] remove = new long[n];
    int buckets = (n + bucket - 1) / bucket;
    List<Result> results = new ArrayList<>();
    for (Contender contender : contenders) {
      results.add(new Result(contender, rounds - 1, buckets));
    }
    for (int round = 0; round < rounds; round++) {
      for (int j = 0; j < contenders.size(); j++) {
        Result result = results.get((j + round) % contenders.size());
        System.gc();
        long gcCount = gcCount();
        long gcMillis = gcMillis();
        long start = System.nanoTime();
        pass(result.contender, keys, removals, put, remove, threads);
        double seconds = (System.nanoTime() - start) / 1e9;
        long gcs = gcCount() - gcCount;
        System.err.printf(
            Locale.ROOT,
            "%,d %s, round %d/%d, %s: %.1f s, %d collections%n",
            n,
            keyType,
            round + 1,
            rounds,
            result.contender.name(),
            seconds,
            gcs);
        if (round > 0) {
          result.add(round - 1, put, remove, bucket);
          result.gcCount += gcs;
          result.gcMillis += gcMillis() - gcMillis;
        }
      }
    }
    for (Result result : results) {
      String name =
          n
              + "-"
              + keyType
              + (threads > 1 ? "-" + threads + "threads" : "")
              + "-"
              + result.contender.name();
      writeTrace(out.resolve(name + "-put.csv"), result.putTrace, n, bucket, true);
      writeTrace(out.resolve(name + "-remove.csv"), result.removeTrace, n, bucket, false);
    }
    return results;
  }

  /**
   * Grows a new map with every key, then removes them all, timing each call; with several threads,
   * thread t makes the calls of the indices that are t modulo {@code threads}.
   */
  private static void pass(
      Contender contender,
      Object[] keys,
      Object[] removals,
      long[] put,
      long[] remove,
      int threads) {
    Map<Object, Object> map = contender.factory().apply(keys.length);
    timeEach(threads, keys, put, key -> map.put(key, key));
    if (map.size() != keys.length) {
      throw new IllegalStateException(contender.name() + " holds " + map.size() + " entries");
    }
    timeEach(threads, removals, remove, map::remove);
    if (!map.isEmpty()) {
      throw new IllegalStateException(contender.name() + " kept " + map.size() + " entries");
    }
  }

  /**
   * Calls {@code call} on every key, {@code nanos[i]} the time of the call on {@code keys[i]}: on
   * this thread, or on {@code threads} threads, thread t calling it on the indices that are t
   * modulo {@code threads}.
   */
  private static void timeEach(int threads, Object[] keys, long[] nanos, Consumer<Object> call) {
    inThreads(
        threads,
        t -> {
          for (int i = t; i < keys.length; i += threads) {
            Object key = keys[i];
            long start = System.nanoTime();
            call.accept(key);
            nanos[i] = System.nanoTime() - start;
          }
        });
  }

  /**
   * Runs {@code work} for t from 0 to {@code threads - 1}: on this thread if there is one, else on
   * as many threads started together, and waits for them all.
   */
  private static void inThreads(int threads, IntConsumer work) {
    if (threads == 1) {
      work.accept(0);
      return;
    }
    CyclicBarrier start = new CyclicBarrier(threads);
    Thread[] workers = new Thread[threads];
    AtomicReference<Throwable> failure = new AtomicReference<>();
    for (int t = 0; t < threads; t++) {
      int id = t;
      workers[t] =
          new Thread(
              () -> {
                try {
                  start.await();
                  work.accept(id);
                } catch (Throwable e) {
                  failure.compareAndSet(null, e);
                }
              },
              "latency-" + t);
      workers[t].start();
    }
    for (Thread worker : workers) {
      try {
        worker.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }
    if (failure.get() != null) {
      throw new IllegalStateException("a thread failed", failure.get());
    }
  }

  /**
   * Writes one trace: a row per bucket, the keys in the map after it (growing or shrinking), then
   * each measured round's longest call in it, in nanoseconds.
   */
  private static void writeTrace(Path file, long[][] rounds, int n, int bucket, boolean growing)
      throws IOException {
    try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8))) {
      StringBuilder header = new StringBuilder("keys");
      for (int r = 0; r < rounds.length; r++) {
        header.append(",round").append(r + 2);
      }
      w.println(header);
      for (int b = 0; b < rounds[0].length; b++) {
        int done = Math.min(n, (b + 1) * bucket);
        StringBuilder row = new StringBuilder().append(growing ? done : n - done);
        for (long[] round : rounds) {
          row.append(',').append(round[b]);
        }
        w.println(row);
      }
    }
  }

  private static long gcCount() {
    long count = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      count += gc.getCollectionCount();
    }
    return count;
  }

  private static long gcMillis() {
    long millis = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      millis += gc.getCollectionTime();
    }
    return millis;
  }

  /** The JVM, its collectors and its flags: what the tables were measured under. */
  private static String jvm() {
    List<String> collectors = new ArrayList<>();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      collectors.add(gc.getName());
    }
    return String.format(
        Locale.ROOT,
        "JVM: %s %s, %d processors, collectors %s, max heap %,d MB%nflags: %s%n",
        System.getProperty("java.vm.name"),
        System.getProperty("java.vm.version"),
        Runtime.getRuntime().availableProcessors(),
        collectors,
        Runtime.getRuntime().maxMemory() >> 20,
        ManagementFactory.getRuntimeMXBean().getInputArguments());
  }

  /** One table in Markdown: a row per contender. */
  private static String table(
      int n, String keyType, int rounds, int threads, List<Result> results) {
    StringBuilder t = new StringBuilder();
    t.append(
        String.format(
            Locale.ROOT,
            "%n### %,d %s keys, grown by put from the default constructor, then emptied by"
                + " remove%s; measured rounds: %d%n%n",
            n,
            keyType,
            threads > 1 ? ", " + threads + " threads together" : "",
            rounds));
    t.append(
        "| map | mean put (ns) | worst put (µs) | round maxima (µs) | p99.99 put (µs)"
            + " | puts > 100 µs | mean remove (ns) | worst remove (µs) | round maxima (µs)"
            + " | collections (ms) |\n");
    t.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    long calls = (long) n * rounds;
    for (Result r : results) {
      t.append(
          String.format(
              Locale.ROOT,
              "| %s | %.0f | %s | %s | %.1f | %s | %.0f | %s | %s | %d (%d) |%n",
              r.contender.name(),
              (double) r.putNanos / calls,
              micros(min(r.worstPut)),
              range(r.worstPut),
              r.puts.getValueAtPercentile(99.99) / 1e3,
              countRange(r.slowPuts),
              (double) r.removeNanos / calls,
              micros(min(r.worstRemove)),
              range(r.worstRemove),
              r.gcCount,
              r.gcMillis));
    }
    return t.toString();
  }

  private static String micros(long nanos) {
    return String.format(Locale.ROOT, "%,d", Math.round(nanos / 1e3));
  }

  /** The least and the most of the rounds' worst calls, in microseconds. */
  private static String range(long[] worst) {
    return micros(min(worst)) + "–" + micros(max(worst));
  }

  /** The fewest and the most slow calls of a round. */
  private static String countRange(long[] counts) {
    return min(counts) + "–" + max(counts);
  }

  private static long min(long[] values) {
    return Arrays.stream(values).min().getAsLong();
  }

  private static long max(long[] values) {
    return Arrays.stream(values).max().getAsLong();
  }
}
