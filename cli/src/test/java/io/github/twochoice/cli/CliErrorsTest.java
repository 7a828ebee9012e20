/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Every invalid value on every command: one line naming the option, exit code 2, no trace. */
class CliErrorsTest {
  static Stream<Arguments> invalidInputs() {
    return Stream.of(
        bad("--n must be at least 3 (a scheme has 3 choices): 0", "balls", "--n", "100,0"),
        bad("--n must be at least 3 (a scheme has 3 choices): -5", "balls", "--n", "-5"),
        bad("--n must be at least 3 (a scheme has 3 choices): 2", "balls", "--n", "2"),
        bad("--load must be a positive number: 0.0", "balls", "--load", "0"),
        bad("--load must be a positive number: -1.0", "balls", "--load", "-1"),
        bad("--load must be a positive number: NaN", "balls", "--load", "NaN"),
        bad("--load must be a positive number: Infinity", "balls", "--load", "Infinity"),
        bad("--trials must be at least 1: 0", "balls", "--trials", "0"),
        bad("--trials must be at least 1: -1", "balls", "--trials", "-1"),
        bad(
            "Invalid value for option '--trials': 'many' is not an int",
            "balls",
            "--trials",
            "many"),
        bad("Unknown option: '--bogus'", "balls", "--bogus"),
        bad("--n must be at least 3 (a scheme has 3 choices): 0", "layers", "--n", "0"),
        bad("--n must be at least 3 (a scheme has 3 choices): 1", "layers", "--n", "1"),
        bad("--load must be a positive number: -0.5", "layers", "--load", "-0.5"),
        bad("--load must be a positive number: 0.0", "layers", "--load", "0"),
        bad("--max-layer must be at least 1: -1", "layers", "--max-layer", "-1"),
        bad("--max-layer must be at least 1: 0", "layers", "--max-layer", "0"),
        bad("--cells must be at least 1: 0", "threshold", "--cells", "0"),
        bad("--trials must be at least 1: 0", "threshold", "--trials", "0"),
        bad("--layouts: expected dxb such as 2x4, got '2by4'", "threshold", "--layouts", "2by4"),
        bad("--layouts d must be from 2 to 8: 1x4", "threshold", "--layouts", "2x1,1x4"),
        bad("--layouts d must be from 2 to 8: 9x1", "threshold", "--layouts", "9x1"),
        bad("--layouts b must be 1, 2, 4 or 8: 2x3", "threshold", "--layouts", "2x3"),
        bad("--layouts b must be 1, 2, 4 or 8: 2x0", "threshold", "--layouts", "2x0"),
        bad("--n must be at least 1: 0", "maps", "--n", "0"),
        bad("--n must be at least 1: -3", "maps", "--n", "-3"),
        bad(
            "Invalid value for option '--hash' (<families>): expected one of strong_mixer,"
                + " multiply_shift, tabulation, identity but was 'md5'",
            "maps",
            "--hash",
            "md5"),
        bad(
            "Invalid value for option '--keys': expected one of random, sequential but was"
                + " 'shuffled'",
            "maps",
            "--keys",
            "shuffled"),
        bad(
            "Invalid value for option '--maps' (<kinds>): expected one of one_choice, two_choice,"
                + " d_left, cuckoo but was 'tree'",
            "maps",
            "--maps",
            "tree"),
        bad("--lambda must be in (0, 1): 1.0", "supermarket", "--lambda", "1"),
        bad("--lambda must be in (0, 1): 1.5", "supermarket", "--lambda", "0.5,1.5"),
        bad("--lambda must be in (0, 1): 0.0", "supermarket", "--lambda", "0"),
        bad("--lambda must be in (0, 1): -0.5", "supermarket", "--lambda", "-0.5"),
        bad("--lambda must be in (0, 1): NaN", "supermarket", "--lambda", "NaN"),
        bad("--d must be from 1 to 64: 0", "supermarket", "--d", "0"),
        bad("--d must be from 1 to 64: 65", "supermarket", "--d", "2,65"),
        bad("--max-length must be at least 1: 0", "supermarket", "--max-length", "0"),
        bad("--max-length must be at least 1: -1", "supermarket", "--max-length", "-1"),
        bad(
            "--out must be in a writable directory that exists: no-such-directory/report.html",
            "report",
            "--out",
            "no-such-directory/report.html"),
        bad("--out must be a file, not a directory: .", "report", "--out", "."),
        bad("Invalid value for option '--seed': 'x' is not a long", "report", "--seed", "x"),
        bad(
            "Invalid value for option '--format': expected one of tsv, clf, keys but was 'json'",
            "place",
            "--format",
            "json"),
        bad("--memcached must be at least 3 servers: 2", "place", "--memcached", "2"),
        bad(
            "Invalid value for option '--policies' (<balancers>): expected one of random,"
                + " round_robin, best_of_d, best_of_d_independent, best_of_d_ties_low,"
                + " weighted_best_of_d, least_loaded, least_loaded_ties_low, least_work, weighted,"
                + " peak_ewma but was 'fastest'",
            "queue",
            "--policies",
            "best-of-d,fastest"),
        bad("--n must be at least 1: 0", "demo", "--n", "0"),
        bad("Unmatched argument at index 1: 'extra'", "demo", "extra"),
        bad("Unknown options: '--size', '10'", "demo", "--size", "10"),
        bad("Unmatched argument at index 0: 'nope'", "nope"));
  }

  private static Arguments bad(String firstLine, String... args) {
    return Arguments.of(firstLine, args);
  }

  @ParameterizedTest
  @MethodSource("invalidInputs")
  void anInvalidValueGivesOneLineAndExitCodeTwo(String firstLine, String[] args) {
    CommandRun run = CommandRun.of(args);
    assertEquals(2, run.exitCode(), run.err());
    List<String> lines = run.err().lines().toList();
    assertEquals(firstLine, lines.get(0));
    String command = args[0].equals("nope") ? "" : " " + args[0]; // no such command: the top
    assertEquals(List.of(firstLine, "Try 'twochoice" + command + " --help'."), lines);
    assertFalse(run.err().contains("Exception"), run.err());
    assertFalse(run.err().contains("at io.github"), run.err());
    assertEquals("", run.out());
  }

  /** Stands for a library call that rejects its argument, or fails for a bug. */
  @Command(name = "fails")
  static final class Fails implements Runnable {
    private final RuntimeException failure;

    Fails(RuntimeException failure) {
      this.failure = failure;
    }

    @Override
    public void run() {
      throw failure;
    }
  }

  private static CommandRun runFailing(RuntimeException failure) {
    OneLineErrors errors = new OneLineErrors();
    CommandLine commandLine =
        new CommandLine(new Fails(failure))
            .setParameterExceptionHandler(errors)
            .setExecutionExceptionHandler(errors);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    commandLine.setOut(new PrintWriter(out));
    commandLine.setErr(new PrintWriter(err));
    return new CommandRun(commandLine.execute(), out.toString(), err.toString());
  }

  @Test
  void aLibraryIllegalArgumentIsOneLineNamingTheCommand() {
    CommandRun run = runFailing(new IllegalArgumentException("bins must be at least d = 1: 0"));
    assertEquals(2, run.exitCode());
    assertEquals("fails: bins must be at least d = 1: 0" + System.lineSeparator(), run.err());
    assertEquals("", run.out());
  }

  @Test
  void aBugKeepsItsStackTrace() {
    CommandRun run = runFailing(new IllegalStateException("a bug"));
    assertEquals(1, run.exitCode());
    assertTrue(run.err().contains("java.lang.IllegalStateException: a bug"), run.err());
  }
}
