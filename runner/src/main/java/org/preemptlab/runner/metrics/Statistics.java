package org.preemptlab.runner.metrics;

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
    if (n == 1) {
      return new Estimate(1, mean, Double.NaN);
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
    if (values.length != baseline.length) {
      throw new IllegalArgumentException("paired samples differ in size: " + values.length
          + " and " + baseline.length);
    }
    double[] differences = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      differences[i] = values[i] - baseline[i]; // NaN if either is undefined: left out
    }
    return mean(differences);
  }
}
