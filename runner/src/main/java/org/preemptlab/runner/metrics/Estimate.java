package org.preemptlab.runner.metrics;

/**
 * A sample mean with its two-sided 95% confidence interval, {@code mean ± halfWidth}.
 *
 * @param n the sample size
 * @param mean the sample mean; NaN when {@code n == 0}
 * @param halfWidth half the interval's width; NaN when {@code n < 2} (no interval from one value)
 */
public record Estimate(int n, double mean, double halfWidth) {

  /** Checks the size. */
  public Estimate {
    if (n < 0) {
      throw new IllegalArgumentException("n must be >= 0, got " + n);
    }
  }

  /** The lower end of the interval. */
  public double low() {
    return mean - halfWidth;
  }

  /** The upper end of the interval. */
  public double high() {
    return mean + halfWidth;
  }

  /** Whether the interval exists and excludes zero (for a difference: a significant change). */
  public boolean excludesZero() {
    return !Double.isNaN(halfWidth) && (low() > 0 || high() < 0);
  }
}
