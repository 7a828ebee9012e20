/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The lab's web server on the JDK's {@link HttpServer}: the pages from the jar ({@link
 * StaticFiles}) and the JSON endpoints ({@link ApiHandler}), each page's from its own class. Four
 * threads answer requests, so a long computation on one page does not block another. Nothing is
 * kept between requests but the bundled web log, read once.
 */
final class LabServer implements AutoCloseable {
  private static final int THREADS = 4;

  private final HttpServer server;
  private final ExecutorService executor;

  private LabServer(HttpServer server, ExecutorService executor) {
    this.server = server;
    this.executor = executor;
  }

  /**
   * Starts a server.
   *
   * @param host the address to bind: "localhost" (the loopback address) or a name or address
   * @param port the port, 0 for a free one
   * @param log where server-side errors are reported
   * @return the running server
   * @throws IOException if the address cannot be bound (for example, the port is taken)
   */
  static LabServer start(String host, int port, PrintStream log) throws IOException {
    InetAddress address =
        "localhost".equals(host) ? InetAddress.getLoopbackAddress() : InetAddress.getByName(host);
    HttpServer server = HttpServer.create(new InetSocketAddress(address, port), 0);
    server.createContext("/", new StaticFiles());
    server.createContext(ApiHandler.PREFIX, new ApiHandler(endpoints(), log));
    ExecutorService executor =
        Executors.newFixedThreadPool(
            THREADS,
            task -> {
              Thread thread = new Thread(task, "twochoice-lab");
              thread.setDaemon(true);
              return thread;
            });
    server.setExecutor(executor);
    server.start();
    return new LabServer(server, executor);
  }

  /** Every endpoint, by its name after {@code /api/}. */
  static Map<String, Endpoint> endpoints() {
    Map<String, Endpoint> endpoints = new LinkedHashMap<>();
    endpoints.put("balls", BallsLab::trace);
    endpoints.put("balls/large", BallsLab::large);
    endpoints.put("dleft", DLeftLab::trace);
    endpoints.put("dleft/histogram", DLeftLab::histogram);
    endpoints.put("cuckoo", CuckooLab::trace);
    endpoints.put("cuckoo/sweep", CuckooLab::sweep);
    RendezvousLab rendezvous = new RendezvousLab();
    endpoints.put("rendezvous", rendezvous::trace);
    endpoints.put("board", BoardLab::trace);
    endpoints.put("board/sweep", BoardLab::sweep);
    return endpoints;
  }

  /** The port the server listens on. */
  int port() {
    return server.getAddress().getPort();
  }

  /** The address to open in a browser, {@code http://localhost:<port>/} on the loopback. */
  URI address() {
    InetAddress bound = server.getAddress().getAddress();
    String host = bound.isLoopbackAddress() ? "localhost" : bound.getHostAddress();
    return URI.create("http://" + host + ":" + port() + "/");
  }

  /** Whether only this machine can connect. */
  boolean isLocalOnly() {
    return server.getAddress().getAddress().isLoopbackAddress();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
