/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.balls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.cli.CommandRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code balls --bounds}: the classic one-choice bounds, then the heavily loaded case. */
class BallsBoundsTest {
  @Test
  void printsTheClassicOneChoiceBounds() {
    List<String> lines = run("--n", "10,100000,1000000", "--trials", "1");
    assertEquals(
        "n,round robin,union bound k,n/k!,e*gamma(n),gamma(n),Gonnet,ln n/ln ln n", lines.get(0));
    // gamma(10) solves x^x = 10: 2.506, so e*gamma = 6.81 (not ln 10 = 2.30, the old bracket's
    // end).
    assertTrue(lines.get(1).startsWith("10,1,4,0.417,6.81,2.51,"), lines.get(1));
    // 8! < 10^5 < 9!: the union bound first says something at k = 9, with 10^5/9! = 0.276.
    assertTrue(lines.get(2).startsWith("100000,1,9,0.276,"), lines.get(2));
    assertTrue(lines.get(3).startsWith("1000000,1,10,0.276,"), lines.get(3));
  }

  @Test
  void heavilyLoadedBinsStayWithinHalfAndTwiceTheMean() {
    List<String> lines = run("--n", "1000,10000", "--trials", "3");
    int header =
        lines.indexOf(
            "n,m,mu,mu/2,n*e^(-mu/8),least: mean,lowest,greatest: mean,highest,2 mu,n*(e/4)^mu");
    assertTrue(header > 0, String.join("\n", lines));
    for (String line : lines.subList(header + 1, header + 3)) {
      String[] cells = line.split(",", -1);
      int n = Integer.parseInt(cells[0]);
      long m = Long.parseLong(cells[1]);
      double mu = Double.parseDouble(cells[2]);
      // m = 16 n ln n, rounded; mu = m / n.
      assertEquals(Math.round(16 * n * Math.log(n)), m, line);
      assertEquals(16 * Math.log(n), mu, 0.01, line);
      // (13.46): some bin leaves [mu/2, 2 mu] with probability at most n e^(-mu/8) = 1/n, here
      // 10^-3 and 10^-4 per run: every run's least and greatest bin lie inside.
      assertEquals(1.0 / n, Double.parseDouble(cells[4]), 1e-3 / n, line);
      assertTrue(Integer.parseInt(cells[6]) >= mu / 2, line);
      assertTrue(Integer.parseInt(cells[8]) <= 2 * mu, line);
      // The least bin lies below the mean and the greatest above it, by about sqrt(2 mu ln n).
      assertTrue(Double.parseDouble(cells[5]) < mu && Double.parseDouble(cells[7]) > mu, line);
    }
  }

  private static List<String> run(String... args) {
    String[] all = new String[args.length + 3];
    all[0] = "balls";
    all[1] = "--bounds";
    all[2] = "--csv";
    System.arraycopy(args, 0, all, 3, args.length);
    CommandRun run = CommandRun.of(all);
    assertEquals(0, run.exitCode(), run.err());
    return run.lines();
  }
}
