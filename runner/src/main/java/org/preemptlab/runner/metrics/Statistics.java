package org.preemptlab.runner.metrics;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Arrays;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Means with Student-t confidence intervals (Apache Commons Statistics): for a sample {@code x} of
 * size {@code n}, {@code mean ± t(0.975, n - 1) · s / sqrt(n)} with {@code s} the sample standard
 * deviation. A paired comparison is the same interval on the per-seed differences, which cancels
 * the variation that both configurations of one seed share (common random numbers).
 */
public final class Statistics {
  /** The confidence level of every interval. */
  public static final double LEVEL = 0.95;

  /**
   * The fewest values an interval, and so a better/worse verdict, needs: two. The Student-t
   * interval estimates the spread from the sample itself, with {@code n - 1} degrees of freedom
   * (Student, "The probable error of a mean", Biometrika 6(1), 1908); one value has none. From two
   * on, the interval holds the true mean in 95% of samples when the values (for a paired
   * comparison, the per-seed differences) are normal, and the quantile {@code t(0.975, n - 1)}
   * (12.7 at two values, 4.3 at three) widens it for the few seeds. A test that assumes no
   * distribution (the sign-flip or Wilcoxon signed-rank test) needs six pairs for any two-sided 5%
   * verdict, since its smallest p-value is {@code 2 / 2^n}: below six seeds a verdict rests on
   * the normal assumption (docs/experiments.md).
   */
  public static final int MIN_VALUES_FOR_INTERVAL = 2;

  private Statistics() {}

  /** The two-sided {@link #LEVEL} Student-t quantile for {@code degreesOfFreedom}. */
  public static double tQuantile(int degreesOfFreedom) {
    return TDistribution.of(degreesOfFreedom).inverseCumulativeProbability(0.5 + LEVEL / 2);
  }

  /** The mean of {@code values} (NaN values left out) with its confidence interval. */
  public static Estimate mean(double[] values) {
    double[] x = Arrays.stream(values).filter(v -> !Double.isNaN(v)).toArray();
    int n = x.length;
    if (n == 0) {
      return new Estimate(0, Double.NaN, Double.NaN);
    }
    double mean = Mean.of(x).getAsDouble();
    if (n < MIN_VALUES_FOR_INTERVAL) {
      return new Estimate(n, mean, Double.NaN);
    }
    double sd = StandardDeviation.of(x).getAsDouble();
    return new Estimate(n, mean, tQuantile(n - 1) * sd / Math.sqrt(n));
  }

  /**
   * The mean difference {@code values[i] - baseline[i]} with its confidence interval, over the
   * pairs where both values are defined.
   *
   * @throws IllegalArgumentException if the arrays differ in length
   */
  public static Estimate paired(double[] values, double[] baseline) {
    checkArgument(values.length == baseline.length, "paired samples differ in size: %s and %s",
        values.length, baseline.length);
    double[] differences = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      differences[i] = values[i] - baseline[i]; // NaN if either is undefined: left out
    }
    return mean(differences);
  }
}
