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

/**
 * Real memcached processes (Debian's {@code memcached}) on free loopback ports, stopped and
 * restarted as a test needs, and read through memcached's own text protocol, not through the client
 * under test: which keys a server holds, and its {@code stats}.
 */
final class MemcachedServers implements AutoCloseable {
  static final Path BINARY = Path.of(System.getProperty("memcached.binary", "/usr/bin/memcached"));
  static final String INSTALL = "apt-get install -y --no-install-recommends memcached";

  /** 127.0.0.1 as an address without a host name, so that the client names it 127.0.0.1. */
  private static final InetAddress LOOPBACK = loopback();

  private final int[] ports;
  private final Process[] processes;

  private MemcachedServers(int count) throws IOException {
    ports = new int[count];
    processes = new Process[count];
    for (int i = 0; i < count; i++) {
      ports[i] = freePort();
      restart(i);
    }
  }

  /** Why real servers cannot run here, or null. */
  static String missing() {
    return Files.isExecutable(BINARY)
        ? null
        : "the real-server tests need " + BINARY + " (install it: " + INSTALL + ")";
  }

  static MemcachedServers start(int count) throws IOException {
    return new MemcachedServers(count);
  }

  int size() {
    return ports.length;
  }

  /** Server i's {@code host:port}, as the client is given it and the placement names it. */
  String name(int i) {
    return "127.0.0.1:" + ports[i];
  }

  List<String> names() {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < ports.length; i++) {
      names.add(name(i));
    }
    return names;
  }

  List<InetSocketAddress> addresses() {
    List<InetSocketAddress> addresses = new ArrayList<>();
    for (int port : ports) {
      addresses.add(new InetSocketAddress(LOOPBACK, port));
    }
    return addresses;
  }

  /** Stops server i as a crash would, and waits until its port refuses connections. */
  void stop(int i) throws InterruptedException {
    processes[i].destroyForcibly().waitFor();
  }

  /** Starts server i, empty, on its port, and waits until it answers. */
  void restart(int i) throws IOException {
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
          throw new IOException("memcached did not start on port " + ports[i], refused);
        }
        Thread.onSpinWait();
      }
    }
  }

  /** The keys among {@code keys} that server i holds, read with the text protocol's get. */
  Set<String> holding(int i, List<String> keys) {
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

  /** A counter of server i's {@code stats}, such as {@code curr_items}. */
  long stat(int i, String name) {
    for (String line : ask(i, "stats")) {
      String[] parts = line.split(" ", -1);
      if (parts.length == 3 && parts[0].equals("STAT") && parts[1].equals(name)) {
        return Long.parseLong(parts[2]);
      }
    }
    throw new IllegalArgumentException("no stat " + name);
  }

  /** Empties server i (the text protocol's flush_all). */
  void flush(int i) {
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

  @Override
  public void close() {
    for (Process process : processes) {
      if (process != null) {
        process.destroyForcibly();
      }
    }
  }
}
