/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.theory;

/**
 * What theory predicts for balls in bins, cuckoo tables and the supermarket model, computed rather
 * than tabulated.
 *
 * <p>Maximum load when n balls go into n bins:
 *
 * <ul>
 *   <li>One choice: the maximum grows like {@code ln n / ln ln n}; Gonnet (1981) sharpened the
 *       expectation to {@code Γ⁻¹(n) − 3/2 + o(1)}, with Γ⁻¹ the inverse of the Gamma function.
 *   <li>d ≥ 2 choices: {@code ln ln n / ln d + O(1)} (Azar, Broder, Karlin and Upfal, 1994).
 *   <li>d-left, ties to the left: {@code ln ln n / (d ln φ_d) + O(1)}, φ_d the d-th generalized
 *       golden ratio (Vöcking, 1999).
 * </ul>
 *
 * <p>Layer fractions, s_i = the fraction of bins holding at least i balls after m = t n balls: the
 * Poisson tail for one choice, and the <em>fluid limits</em> (Mitzenmacher) for d symmetric choices
 * and for Vöcking's d-left rule, solved numerically. Cuckoo load thresholds for d choices of b-slot
 * buckets from their equations, and the supermarket model's queue-length tail and mean time in
 * system.
 *
 * <p>All methods are pure functions of their arguments. The maximum-load formulas cost a few
 * hundred floating-point operations; a fluid limit costs O(layers · d² · t / step).
 *
 * @since 0.1.0
 */
public final class Theory {
  private Theory() {}

  /**
   * Returns {@code ln n / ln ln n}, the growth of the one-choice maximum load.
   *
   * @param n the number of balls and of bins, at least 3
   * @return {@code ln n / ln ln n}
   * @throws IllegalArgumentException if {@code n < 3}
   */
  public static double oneChoiceMaxLoad(double n) {
    checkN(n);
    return Math.log(n) / Math.log(Math.log(n));
  }

  /**
   * Returns Gonnet's expected one-choice maximum load, {@code Γ⁻¹(n) − 3/2}.
   *
   * @param n the number of balls and of bins, at least 3
   * @return the expected maximum load with one choice
   * @throws IllegalArgumentException if {@code n < 3}
   */
  public static double gonnetMaxLoad(double n) {
    checkN(n);
    return inverseGamma(n) - 1.5;
  }

  /**
   * Returns the maximum load when m balls are dealt to n bins in turn, {@code ⌈m/n⌉}: the baseline
   * no hashing can beat, and the one a hash function cannot reach because it must place a key
   * without knowing the others.
   *
   * @param m the number of balls, {@code >= 0}
   * @param n the number of bins, {@code >= 1}
   * @return {@code ⌈m/n⌉}
   * @throws IllegalArgumentException if {@code m < 0} or {@code n < 1}
   */
  public static long roundRobinMaxLoad(long m, long n) {
    if (m < 0 || n < 1) {
      throw new IllegalArgumentException("need m >= 0 and n >= 1: m = " + m + ", n = " + n);
    }
    return (m + n - 1) / n;
  }

  /**
   * Returns the union bound {@code n / k!} on the probability that some bin holds at least k of n
   * balls thrown into n bins with one choice: a given bin does with probability at most {@code C(n,
   * k) / n^k <= 1 / k!}, and there are n bins. Below 1 from the first k with {@code k! > n} ({@link
   * #unionBoundMaxLoad}); for n = 10<sup>5</sup>, 8! &lt; 10<sup>5</sup> &lt; 9!.
   *
   * @param n the number of balls and of bins, at least 3
   * @param k the load, {@code >= 0}
   * @return {@code n / k!}, which may exceed 1 (the bound then says nothing)
   * @throws IllegalArgumentException if {@code n < 3} or {@code k < 0}
   */
  public static double unionBound(double n, int k) {
    checkN(n);
    if (k < 0) {
      throw new IllegalArgumentException("k must be >= 0: " + k);
    }
    return Math.exp(Math.log(n) - lnGamma(k + 1.0));
  }

  /**
   * Returns the least k with {@code n / k! < 1}: the union bound's first guarantee that no bin of n
   * holds k balls, with probability at least {@code 1 − n/k!}.
   *
   * @param n the number of balls and of bins, at least 3
   * @return the least k with {@code k! > n}
   * @throws IllegalArgumentException if {@code n < 3}
   */
  public static int unionBoundMaxLoad(double n) {
    checkN(n);
    int k = 1;
    while (unionBound(n, k) >= 1) {
      k++;
    }
    return k;
  }

  /**
   * Returns γ(n), the x ≥ 1 with {@code x^x = n} (Kleinberg and Tardos, <i>Algorithm Design</i>,
   * section 13.10), which grows like {@code ln n / ln ln n}: γ(10) = 2.5062, γ(27) = 3.
   *
   * <p>Bisection of {@code x ln x = ln n} on {@code [1, 1 + ln n]}, a bracket that holds the root
   * for every n ≥ 1: {@code x ln x} is 0 at 1 and increasing, and {@code (1 + L) ln(1 + L) >= L}
   * for every {@code L = ln n >= 0}, since {@code ln(1 + L) >= L / (1 + L)}. The bisection halves
   * the bracket until no double lies strictly inside it.
   *
   * @param n the number of bins, at least 1
   * @return the root of {@code x ln x = ln n}, to the last bit of a double
   * @throws IllegalArgumentException if {@code n < 1} or n is not finite
   */
  public static double kleinbergTardosGamma(double n) {
    if (!(n >= 1) || Double.isInfinite(n)) {
      throw new IllegalArgumentException("n must be >= 1 and finite: " + n);
    }
    double target = Math.log(n);
    double low = 1;
    double high = 1 + target;
    while (true) {
      double mid = low + (high - low) / 2;
      if (mid <= low || mid >= high) {
        return mid;
      }
      if (mid * Math.log(mid) < target) {
        low = mid;
      } else {
        high = mid;
      }
    }
  }

  /**
   * Returns Kleinberg and Tardos's bound {@code e·γ(n)}: with probability at least {@code 1 − 1/n},
   * no bin holds more than this many of n balls thrown into n bins with one choice. It follows from
   * {@link #chernoffTail} at {@code c = e·γ(n)}, below {@code 1/n²} for one bin, and a union bound
   * over the n bins.
   *
   * @param n the number of balls and of bins, at least 3
   * @return {@code e·γ(n)}
   * @throws IllegalArgumentException if {@code n < 3}
   */
  public static double kleinbergTardosMaxLoad(double n) {
    checkN(n);
    return Math.E * kleinbergTardosGamma(n);
  }

  /**
   * Returns the Chernoff bound {@code e^(c−1) / c^c} on the probability that a sum of independent
   * 0/1 variables with mean 1 (the load of one bin when n balls go to n bins) reaches c: the bound
   * {@code (e^δ / (1 + δ)^(1+δ))^μ} with μ = 1 and c = 1 + δ.
   *
   * @param c the load, {@code >= 1}
   * @return the bound on {@code P(X >= c)}
   * @throws IllegalArgumentException if {@code c < 1} or c is not finite
   */
  public static double chernoffTail(double c) {
    if (!(c >= 1) || Double.isInfinite(c)) {
      throw new IllegalArgumentException("c must be >= 1 and finite: " + c);
    }
    return Math.exp(c - 1 - c * Math.log(c));
  }

  /**
   * Returns the number of balls of Kleinberg and Tardos's heavily loaded case (section 13.10,
   * (13.46)): {@code m = 16 n ln n}, rounded to the nearest integer, so that each of n bins expects
   * {@code μ = 16 ln n} balls.
   *
   * @param n the number of bins, at least 3
   * @return {@code round(16 n ln n)}
   * @throws IllegalArgumentException if {@code n < 3}
   */
  public static long heavyLoadBalls(double n) {
    checkN(n);
    return Math.round(16 * n * Math.log(n));
  }

  /**
   * Returns the Chernoff bound {@code (e^δ / (1 + δ)^(1+δ))^μ} on the probability that a sum of
   * independent 0/1 variables of mean μ exceeds {@code (1 + δ) μ}; at δ = 1 it is {@code (e/4)^μ},
   * the bound of (13.46) on a bin holding more than twice its mean.
   *
   * @param mu the mean, {@code > 0}
   * @param delta the relative excess, {@code > 0}
   * @return the bound on {@code P(X > (1 + δ) μ)}
   * @throws IllegalArgumentException if an argument is not positive and finite
   */
  public static double chernoffUpperTail(double mu, double delta) {
    checkPositive(mu, "mu");
    checkPositive(delta, "delta");
    return Math.exp(mu * (delta - (1 + delta) * Math.log1p(delta)));
  }

  /**
   * Returns the Chernoff bound {@code e^(−μ δ² / 2)} on the probability that a sum of independent
   * 0/1 variables of mean μ falls below {@code (1 − δ) μ}; at δ = 1/2 it is {@code e^(−μ/8)}, the
   * bound of (13.46) on a bin holding less than half its mean.
   *
   * @param mu the mean, {@code > 0}
   * @param delta the relative shortfall, in {@code (0, 1)}
   * @return the bound on {@code P(X < (1 − δ) μ)}
   * @throws IllegalArgumentException if mu is not positive and finite or delta not in (0, 1)
   */
  public static double chernoffLowerTail(double mu, double delta) {
    checkPositive(mu, "mu");
    if (!(delta > 0 && delta < 1)) {
      throw new IllegalArgumentException("delta must be in (0, 1): " + delta);
    }
    return Math.exp(-mu * delta * delta / 2);
  }

  /**
   * Returns {@code ln ln n / ln d}, the leading term of the d-choice maximum load.
   *
   * @param n the number of balls and of bins, at least 3
   * @param d the number of choices, at least 2
   * @return {@code ln ln n / ln d}
   * @throws IllegalArgumentException if {@code n < 3} or {@code d < 2}
   */
  public static double multipleChoiceMaxLoad(double n, int d) {
    checkN(n);
    if (d < 2) {
      throw new IllegalArgumentException("d must be >= 2: " + d);
    }
    return Math.log(Math.log(n)) / Math.log(d);
  }

  /**
   * Returns Vöcking's {@code ln ln n / (d ln φ_d)}, the leading term of the d-left maximum load.
   *
   * @param n the number of balls and of bins, at least 3
   * @param d the number of subtables, at least 2
   * @return {@code ln ln n / (d ln φ_d)}
   * @throws IllegalArgumentException if {@code n < 3} or {@code d < 2}
   */
  public static double dLeftMaxLoad(double n, int d) {
    checkN(n);
    return Math.log(Math.log(n)) / (d * Math.log(generalizedGoldenRatio(d)));
  }

  /**
   * Returns φ_d, the d-th generalized golden ratio: the unique root in (1, 2) of {@code x^d = 1 + x
   * + ... + x^(d-1)}, equivalently of {@code x^(d+1) − 2x^d + 1 = 0} other than 1. φ_2 is the
   * golden ratio 1.618…; φ_d tends to 2. Found by bisection, since the polynomial {@code x^d − (x^d
   * − 1)/(x − 1)} changes sign exactly once on (1, 2).
   *
   * @param d the index, at least 2
   * @return φ_d
   * @throws IllegalArgumentException if {@code d < 2}
   */
  public static double generalizedGoldenRatio(int d) {
    if (d < 2) {
      throw new IllegalArgumentException("d must be >= 2: " + d);
    }
    double lo = 1;
    double hi = 2;
    for (int i = 0; i < 200 && hi - lo > 1e-15; i++) {
      double mid = (lo + hi) / 2;
      double power = 1; // mid^k
      double sumOfLowerPowers = 0; // 1 + mid + ... + mid^(d-1)
      for (int k = 0; k < d; k++) {
        sumOfLowerPowers += power;
        power *= mid;
      }
      if (power < sumOfLowerPowers) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return (lo + hi) / 2;
  }

  /**
   * Returns the x ≥ 2 with Γ(x) = y, found by bisection on {@link #lnGamma(double)}.
   *
   * @param y a value at least 1
   * @return Γ⁻¹(y) on the increasing branch of Γ
   * @throws IllegalArgumentException if {@code y < 1} or is not finite
   */
  public static double inverseGamma(double y) {
    if (!(y >= 1) || Double.isInfinite(y)) {
      throw new IllegalArgumentException("y must be >= 1 and finite: " + y);
    }
    double target = Math.log(y);
    double lo = 2;
    double hi = 3;
    while (lnGamma(hi) < target) {
      lo = hi;
      hi *= 2;
    }
    for (int i = 0; i < 100 && hi - lo > 1e-12; i++) {
      double mid = (lo + hi) / 2;
      if (lnGamma(mid) < target) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return (lo + hi) / 2;
  }

  private static final double[] LANCZOS = {
    0.9999999999998099,
    676.5203681218851,
    -1259.1392167224028,
    771.3234287776531,
    -176.6150291621406,
    12.507343278686905,
    -0.13857109526572012,
    9.984369578019572e-6,
    1.5056327351493116e-7
  };

  /**
   * Returns ln Γ(x) by the Lanczos approximation (g = 7, relative error below 10<sup>-13</sup>).
   *
   * @param x a positive argument
   * @return the natural logarithm of the Gamma function at x
   * @throws IllegalArgumentException if {@code x <= 0}
   */
  public static double lnGamma(double x) {
    if (!(x > 0)) {
      throw new IllegalArgumentException("x must be positive: " + x);
    }
    if (x < 0.5) {
      // reflection: Γ(x) Γ(1 − x) = π / sin(πx)
      return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
    }
    double z = x - 1;
    double sum = LANCZOS[0];
    for (int i = 1; i < LANCZOS.length; i++) {
      sum += LANCZOS[i] / (z + i);
    }
    double t = z + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
  }

  // ---- Layer fractions ----

  /**
   * Returns {@code P(X >= i)} for X Poisson with mean λ: the fraction of bins with at least i balls
   * when t = λ balls per bin are thrown with one choice (in the limit of many bins). Summed from
   * the tail, so it stays accurate where it is tiny.
   *
   * @param lambda the mean, {@code >= 0}
   * @param i the layer, {@code >= 0}
   * @return the tail probability
   * @throws IllegalArgumentException if an argument is negative or λ is not finite
   */
  public static double poissonTail(double lambda, int i) {
    if (!(lambda >= 0) || Double.isInfinite(lambda)) {
      throw new IllegalArgumentException("lambda must be >= 0 and finite: " + lambda);
    }
    if (i < 0) {
      throw new IllegalArgumentException("i must be >= 0: " + i);
    }
    if (i == 0) {
      return 1;
    }
    if (lambda == 0) {
      return 0;
    }
    if (i <= lambda) { // the tail is large: 1 minus the head is accurate
      double head = 0;
      double term = Math.exp(-lambda);
      for (int k = 0; k < i; k++) {
        head += term;
        term *= lambda / (k + 1);
      }
      return Math.max(0, 1 - head);
    }
    double term = Math.exp(i * Math.log(lambda) - lambda - lnGamma(i + 1.0));
    double sum = 0;
    for (int k = i; term > sum * 1e-17 && term > 0; k++) {
      sum += term;
      term *= lambda / (k + 1);
    }
    return Math.min(1, sum);
  }

  /**
   * Returns the fluid limit of d symmetric choices: s_0 = 1 and {@code ds_i/dt = s_{i-1}^d − s_i^d}
   * from s_i(0) = 0, at time t = balls per bin. A ball raises a bin from layer i − 1 to i exactly
   * when all d of its bins are in layer i − 1 and not all in layer i. With d = 1 this is the
   * Poisson tail.
   *
   * @param d the number of choices, from 1 to 64
   * @param t balls per bin, {@code >= 0}
   * @param maxLayer the highest layer wanted, {@code >= 1}
   * @return {@code s[0..maxLayer]}, s[0] = 1
   * @throws IllegalArgumentException if an argument is out of range
   */
  public static double[] layerFractions(int d, double t, int maxLayer) {
    checkLayers(d, t, maxLayer);
    double[] s = new double[maxLayer + 1];
    s[0] = 1;
    return solve(
        s,
        t,
        (y, dy) -> {
          dy[0] = 0;
          for (int i = 1; i <= maxLayer; i++) {
            dy[i] = power(y[i - 1], d) - power(y[i], d);
          }
        });
  }

  /**
   * Returns the fluid limit of Vöcking's d-left rule: the bins form d equal groups, x_{j,i} is the
   * fraction of group j's bins with at least i balls, and a ball raises its group-j bin from layer
   * i − 1 to i iff that bin has exactly i − 1 balls, the bins of all groups to its left have at
   * least i (strictly more: a tie would go left) and those to its right at least i − 1:
   *
   * <pre>dx_{j,i}/dt = d (x_{j,i-1} − x_{j,i}) Π_{k&lt;j} x_{k,i} Π_{k&gt;j} x_{k,i-1}</pre>
   *
   * <p>(the factor d because a group holds n/d bins). The returned layer fractions average the
   * groups: s_i = (1/d) Σ_j x_{j,i}.
   *
   * @param d the number of groups, from 1 to 64 (1 is one choice)
   * @param t balls per bin, {@code >= 0}
   * @param maxLayer the highest layer wanted, {@code >= 1}
   * @return {@code s[0..maxLayer]}, s[0] = 1
   * @throws IllegalArgumentException if an argument is out of range
   */
  public static double[] dLeftLayerFractions(int d, double t, int maxLayer) {
    checkLayers(d, t, maxLayer);
    int width = maxLayer + 1;
    double[] x = new double[d * width];
    for (int j = 0; j < d; j++) {
      x[j * width] = 1;
    }
    double[] groups =
        solve(
            x,
            t,
            (y, dy) -> {
              for (int j = 0; j < d; j++) {
                dy[j * width] = 0;
                for (int i = 1; i <= maxLayer; i++) {
                  double rate = d * (y[j * width + i - 1] - y[j * width + i]);
                  for (int k = 0; k < d; k++) {
                    rate *= k < j ? y[k * width + i] : k > j ? y[k * width + i - 1] : 1;
                  }
                  dy[j * width + i] = rate;
                }
              }
            });
    double[] s = new double[width];
    for (int j = 0; j < d; j++) {
      for (int i = 0; i < width; i++) {
        s[i] += groups[j * width + i] / d;
      }
    }
    return s;
  }

  private static void checkLayers(int d, double t, int maxLayer) {
    if (d < 1 || d > 64) {
      throw new IllegalArgumentException("d must be between 1 and 64: " + d);
    }
    if (!(t >= 0) || Double.isInfinite(t)) {
      throw new IllegalArgumentException("t must be >= 0 and finite: " + t);
    }
    if (maxLayer < 1) {
      throw new IllegalArgumentException("maxLayer must be >= 1: " + maxLayer);
    }
  }

  /** x to a small whole power by repeated multiplication, several times faster than Math.pow. */
  private static double power(double x, int d) {
    double p = x;
    for (int k = 1; k < d; k++) {
      p *= x;
    }
    return p;
  }

  /** The right-hand side of an ODE system: writes dy/dt at y into dy. */
  private interface Derivative {
    void at(double[] y, double[] dy);
  }

  /** Integrates y' = f(y) from y(0) = y0 (modified in place) to time t by classic Runge-Kutta. */
  private static double[] solve(double[] y, double t, Derivative f) {
    int steps = (int) Math.max(1, Math.ceil(t * 1000));
    double h = t / steps;
    int n = y.length;
    double[] k1 = new double[n];
    double[] k2 = new double[n];
    double[] k3 = new double[n];
    double[] k4 = new double[n];
    double[] tmp = new double[n];
    for (int step = 0; step < steps; step++) {
      f.at(y, k1);
      for (int i = 0; i < n; i++) {
        tmp[i] = y[i] + h / 2 * k1[i];
      }
      f.at(tmp, k2);
      for (int i = 0; i < n; i++) {
        tmp[i] = y[i] + h / 2 * k2[i];
      }
      f.at(tmp, k3);
      for (int i = 0; i < n; i++) {
        tmp[i] = y[i] + h * k3[i];
      }
      f.at(tmp, k4);
      for (int i = 0; i < n; i++) {
        y[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
      }
    }
    return y;
  }

  // ---- Cuckoo hashing ----

  /**
   * Returns the load (keys per slot) below which a cuckoo table with d choices of b-slot buckets
   * can hold all its keys with high probability, and above which it cannot, as the table grows. For
   * d = 2, b = 1 it is 1/2 (the random graph's giant component); otherwise (Fountoulakis, Khosla
   * and Panagiotou; Dietzfelbinger et al. for b = 1) it is {@code c/b} with {@code c = ξ / (d Q(ξ,
   * b)^(d−1))}, ξ the positive root of {@code d b = ξ Q(ξ, b) / Q(ξ, b + 1)} and {@code Q(x, y)} =
   * {@link #poissonTail(double, int) P(Poisson(x) ≥ y)}. Gives 0.918 for (3, 1), 0.977 for (4, 1),
   * 0.897 for (2, 2) and 0.980 for (2, 4).
   *
   * @param d choices per key, at least 2
   * @param b slots per bucket, at least 1
   * @return the load threshold, in (0, 1)
   * @throws IllegalArgumentException if {@code d < 2} or {@code b < 1}
   */
  public static double cuckooThreshold(int d, int b) {
    if (d < 2) {
      throw new IllegalArgumentException("d must be >= 2: " + d);
    }
    if (b < 1) {
      throw new IllegalArgumentException("b must be >= 1: " + b);
    }
    if (d == 2 && b == 1) {
      return 0.5;
    }
    // ξ Q(ξ, b) / Q(ξ, b + 1) rises from b + 1 (at ξ → 0) without bound, and d b > b + 1 here.
    double lo = 1e-9;
    double hi = 1;
    while (hi * poissonTail(hi, b) / poissonTail(hi, b + 1) < d * b) {
      lo = hi;
      hi *= 2;
    }
    for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
      double mid = (lo + hi) / 2;
      if (mid * poissonTail(mid, b) / poissonTail(mid, b + 1) < d * b) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    double xi = (lo + hi) / 2;
    return xi / (d * Math.pow(poissonTail(xi, b), d - 1)) / b;
  }

  // ---- The supermarket model ----

  /**
   * Returns the equilibrium fraction of queues with at least i customers in the supermarket model:
   * n FIFO servers of rate 1, customers arriving at rate λn, each joining the shortest of d queues
   * chosen at random. It is {@code λ^((d^i − 1)/(d − 1))} (Mitzenmacher; Vvedenskaya, Dobrushin and
   * Karpelevich), {@code λ^i} for d = 1: doubly exponential in i for d ≥ 2.
   *
   * @param lambda the arrival rate per server, in [0, 1)
   * @param d choices per customer, from 1 to 64
   * @param i the queue length, {@code >= 0}
   * @return the fraction of queues of length at least i
   * @throws IllegalArgumentException if an argument is out of range
   */
  public static double supermarketTail(double lambda, int d, int i) {
    checkSupermarket(lambda, d);
    if (i < 0) {
      throw new IllegalArgumentException("i must be >= 0: " + i);
    }
    return Math.pow(lambda, d == 1 ? i : (Math.pow(d, i) - 1) / (d - 1));
  }

  /**
   * Returns the expected time a customer spends in the supermarket system at equilibrium, {@code
   * Σ_{i≥1} λ^((d^i − d)/(d − 1))}; for d = 1 the M/M/1 value {@code 1/(1 − λ)}.
   *
   * @param lambda the arrival rate per server, in [0, 1)
   * @param d choices per customer, from 1 to 64
   * @return the mean time in system, in units of one mean service time
   * @throws IllegalArgumentException if an argument is out of range
   */
  public static double supermarketMeanTime(double lambda, int d) {
    checkSupermarket(lambda, d);
    if (d == 1) {
      return 1 / (1 - lambda);
    }
    double sum = 0;
    for (int i = 1; ; i++) {
      double term = Math.pow(lambda, (Math.pow(d, i) - d) / (d - 1));
      sum += term;
      if (term < 1e-17 * sum) {
        return sum;
      }
    }
  }

  private static void checkSupermarket(double lambda, int d) {
    if (!(lambda >= 0 && lambda < 1)) {
      throw new IllegalArgumentException("lambda must be in [0, 1): " + lambda);
    }
    if (d < 1 || d > 64) {
      throw new IllegalArgumentException("d must be between 1 and 64: " + d);
    }
  }

  private static void checkPositive(double x, String name) {
    if (!(x > 0) || Double.isInfinite(x)) {
      throw new IllegalArgumentException(name + " must be positive and finite: " + x);
    }
  }

  private static void checkN(double n) {
    if (!(n >= 3) || Double.isInfinite(n)) {
      throw new IllegalArgumentException("n must be >= 3 and finite: " + n);
    }
  }
}
