/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.spymemcached;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Local memcached processes for experiments and tests: started on free loopback ports from the
 * {@code memcached} binary (Debian's package, or {@code -Dmemcached.binary}), stopped as a crash
 * would and restarted, and read through memcached's own text protocol rather than through a client:
 * which keys a server holds, and its {@code stats}.
 *
 * <p>Cost: a process of 16 MB of cache per server; each read opens a connection.
 */
public final class LocalMemcached implements AutoCloseable {
  /** Where the {@code memcached} binary is looked for. */
  public static final Path BINARY =
      Path.of(System.getProperty("memcached.binary", "/usr/bin/memcached"));

  /** The command that installs the binary on Debian. */
  public static final String INSTALL = "apt-get install -y --no-install-recommends memcached";

  /** 127.0.0.1 as an address without a host name, so that the client names it 127.0.0.1. */
  private static final InetAddress LOOPBACK = loopback();

  /** spymemcached's loggers' parent, kept so that its level holds. */
  private static final Logger CLIENT_LOG = Logger.getLogger("net.spy.memcached");

  private final int[] ports;
  private final Process[] processes;

  /** Stops every server when the JVM exits, even on Ctrl+C; removed by {@link #close}. */
  private final Thread onExit = new Thread(this::destroyAll, "stop local memcached");

  private LocalMemcached(int count) throws IOException {
    ports = new int[count];
    processes = new Process[count];
    Runtime.getRuntime().addShutdownHook(onExit);
    try {
      for (int i = 0; i < count; i++) {
        ports[i] = freePort();
        restart(i);
      }
    } catch (IOException | RuntimeException e) {
      close();
      throw e;
    }
  }

  /**
   * Says why local servers cannot run here.
   *
   * @return the reason, naming the binary and the command that installs it, or null if they can
   */
  public static String missing() {
    return Files.isExecutable(BINARY)
        ? null
        : "the real-server tests need " + BINARY + " (install it: " + INSTALL + ")";
  }

  /**
   * For a test that needs local servers: says why they cannot run, and prints it as the test's
   * reason to skip; with {@code -Dmemcached.required=true} (as in CI) a missing binary fails the
   * test instead.
   *
   * @param test the test's name, for the message
   * @return the reason, or null if the servers can run
   * @throws IllegalStateException if they cannot and they are required
   */
  public static String skipReason(String test) {
    String missing = missing();
    if (missing != null && Boolean.getBoolean("memcached.required")) {
      throw new IllegalStateException(missing);
    }
    if (missing != null) {
      System.err.println(test + " skipped: " + missing);
    }
    return missing;
  }

  /**
   * Sends spymemcached's log through java.util.logging and shows only its errors: the client logs
   * every reconnection at INFO to standard error, and experiments and tests stop servers on
   * purpose. Call it before the first client is built.
   */
  public static void quietClientLog() {
    System.setProperty("net.spy.log.LoggerImpl", "net.spy.memcached.compat.log.SunLogger");
    CLIENT_LOG.setLevel(Level.SEVERE);
  }

  /**
   * Starts servers and waits until each answers.
   *
   * @param count how many, at least one
   * @return the running servers
   * @throws IOException if one does not start within ten seconds
   */
  public static LocalMemcached start(int count) throws IOException {
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1: " + count);
    }
    return new LocalMemcached(count);
  }

  /**
   * Returns the number of servers, running or stopped.
   *
   * @return the count
   */
  public int size() {
    return ports.length;
  }

  /**
   * Returns server i's {@code host:port}, as a client is given it and the placement names it.
   *
   * @param i the server, from 0
   * @return {@code 127.0.0.1:port}
   */
  public String name(int i) {
    return "127.0.0.1:" + ports[i];
  }

  /**
   * Returns every server's {@code host:port}, in order.
   *
   * @return the names
   */
  public List<String> names() {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < ports.length; i++) {
      names.add(name(i));
    }
    return names;
  }

  /**
   * Returns every server's address, in order, for a client.
   *
   * @return the addresses
   */
  public List<InetSocketAddress> addresses() {
    List<InetSocketAddress> addresses = new ArrayList<>();
    for (int port : ports) {
      addresses.add(new InetSocketAddress(LOOPBACK, port));
    }
    return addresses;
  }

  /**
   * Says whether server i is running.
   *
   * @param i the server
   * @return false once stopped, until restarted
   */
  public boolean running(int i) {
    return processes[i].isAlive();
  }

  /**
   * Stops server i as a crash would, and waits until its process has ended.
   *
   * @param i the server
   * @throws InterruptedException if interrupted while waiting
   */
  public void stop(int i) throws InterruptedException {
    processes[i].destroyForcibly().waitFor();
  }

  /**
   * Starts server i, empty, on its port, and waits until it answers.
   *
   * @param i the server, stopped
   * @throws IOException if it does not start within ten seconds
   */
  public void restart(int i) throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(BINARY.toString(), "-l", "127.0.0.1", "-p", "" + ports[i], "-U", "0"));
    command.addAll(List.of("-m", "16", "-t", "1"));
    if ("root".equals(System.getProperty("user.name"))) {
      command.addAll(List.of("-u", "root"));
    }
    processes[i] =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (true) {
      try {
        new Socket(LOOPBACK, ports[i]).close();
        return;
      } catch (IOException refused) {
        if (System.nanoTime() > deadline || !processes[i].isAlive()) {
          processes[i].destroyForcibly();
          throw new IOException("memcached did not start on port " + ports[i], refused);
        }
        try {
          Thread.sleep(2);
        } catch (InterruptedException e) {
          processes[i].destroyForcibly();
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while memcached started on port " + ports[i], e);
        }
      }
    }
  }

  /**
   * Returns the keys among {@code keys} that server i holds, read with the text protocol's get;
   * none if it is stopped.
   *
   * @param i the server
   * @param keys the keys to look for
   * @return those it holds
   */
  public Set<String> holding(int i, List<String> keys) {
    Set<String> held = new HashSet<>();
    if (!processes[i].isAlive()) {
      return held;
    }
    for (int from = 0; from < keys.size(); from += 100) {
      String request =
          "get " + String.join(" ", keys.subList(from, Math.min(keys.size(), from + 100)));
      for (String line : ask(i, request)) {
        if (line.startsWith("VALUE ")) {
          held.add(line.split(" ", -1)[1]);
        }
      }
    }
    return held;
  }

  /**
   * Restarts every server, empty and with its counters at zero.
   *
   * @throws IOException if one does not start within ten seconds
   * @throws InterruptedException if interrupted while one stops
   */
  public void restartAll() throws IOException, InterruptedException {
    for (int i = 0; i < ports.length; i++) {
      stop(i);
      restart(i);
    }
  }

  /**
   * Returns a counter of server i's {@code stats}, such as {@code curr_items} or {@code get_hits}.
   *
   * @param i the server, running
   * @param name the counter
   * @return its value
   * @throws IllegalArgumentException if the server has no such counter
   */
  public long stat(int i, String name) {
    for (String line : ask(i, "stats")) {
      String[] parts = line.split(" ", -1);
      if (parts.length == 3 && parts[0].equals("STAT") && parts[1].equals(name)) {
        return Long.parseLong(parts[2]);
      }
    }
    throw new IllegalArgumentException("no stat " + name);
  }

  /**
   * Empties server i (the text protocol's {@code flush_all}).
   *
   * @param i the server, running
   */
  public void flush(int i) {
    try (Socket socket = new Socket(LOOPBACK, ports[i])) {
      socket.getOutputStream().write("flush_all\r\n".getBytes(StandardCharsets.US_ASCII));
      String answer =
          new BufferedReader(
                  new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
              .readLine();
      if (!"OK".equals(answer)) {
        throw new IllegalStateException("flush_all answered " + answer);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Sends one text-protocol request to server i and returns its answer's lines up to END. */
  private List<String> ask(int i, String request) {
    try (Socket socket = new Socket(LOOPBACK, ports[i])) {
      OutputStream out = socket.getOutputStream();
      out.write((request + "\r\n").getBytes(StandardCharsets.US_ASCII));
      out.flush();
      BufferedReader in =
          new BufferedReader(
              new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
      List<String> lines = new ArrayList<>();
      for (String line = in.readLine(); line != null && !line.equals("END"); line = in.readLine()) {
        lines.add(line);
      }
      return lines;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static InetAddress loopback() {
    try {
      return InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
    } catch (UnknownHostException impossible) {
      throw new AssertionError(impossible);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** Stops every server. */
  @Override
  public void close() {
    destroyAll();
    try {
      Runtime.getRuntime().removeShutdownHook(onExit);
    } catch (IllegalStateException exiting) {
      // Called from the hook itself, while the JVM exits.
    }
  }

  private void destroyAll() {
    for (Process process : processes) {
      if (process != null) {
        process.destroyForcibly();
      }
    }
  }
}
