/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli;

import io.github.twochoice.demo.Demo;
import picocli.CommandLine.Command;

/** Runs the demo: every map filled with 10^6 keys, its statistics beside theory. */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = "Fill each map with 10^6 keys and print its statistics beside theory.")
final class DemoCommand implements Runnable {
  @Override
  public void run() {
    Demo.main(new String[0]);
  }
}
