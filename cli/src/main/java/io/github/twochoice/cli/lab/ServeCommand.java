/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

import java.awt.Desktop;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code twochoice serve}: starts the teaching lab on a local web server and runs until stopped
 * (Ctrl+C, or an interrupt of its thread), printing the address to open.
 */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    description = {
      "A teaching lab in the browser, every step from the library.",
      "%nStarts a web server on this machine (localhost only, unless --host says otherwise) and"
          + " prints its address. Its pages need no network: balls into bins, d-left, cuckoo,"
          + " rendezvous and a stale load board, each with play, pause, step back and forward,"
          + " pseudocode, predict-then-reveal, and links that keep every parameter and the step."
          + " Every step is computed by the library's maps and simulations."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  twochoice serve",
      "  twochoice serve --port 0 --open",
      "  twochoice serve --port 9000"
    })
public final class ServeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--port",
      defaultValue = "8080",
      description = "Port to listen on; 0 picks a free one (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(
      names = "--host",
      defaultValue = "localhost",
      description =
          "Address to bind (default: ${DEFAULT-VALUE}, so only this machine can connect; 0.0.0.0"
              + " shares the lab with the whole network).")
  String host;

  @Option(names = "--open", description = "Open the lab in the default browser.")
  boolean open;

  @Override
  public Integer call() throws IOException {
    if (port < 0 || port > 65535) {
      throw new ParameterException(spec.commandLine(), "--port must be from 0 to 65535: " + port);
    }
    PrintWriter out = spec.commandLine().getOut();
    LabServer server = LabServer.start(host, port, System.err);
    try {
      out.println("twochoice lab at " + server.address());
      out.println(
          server.isLocalOnly()
              ? "Bound to localhost: only this machine can connect (--host to share it)."
              : "Bound to " + host + ": other machines on the network can connect.");
      out.println("Stop it with Ctrl+C.");
      out.flush();
      if (open) {
        openBrowser(server, out);
      }
      new CountDownLatch(1).await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      server.close();
    }
    return 0;
  }

  private static void openBrowser(LabServer server, PrintWriter out) {
    try {
      if (Desktop.isDesktopSupported() && Desktop.getDesktop().isSupported(Desktop.Action.BROWSE)) {
        Desktop.getDesktop().browse(server.address());
        return;
      }
    } catch (IOException | UnsupportedOperationException e) {
      // fall through to the note
    }
    out.println("--open: no desktop browser found; open the address above.");
    out.flush();
  }
}
