package org.preemptlab.runner.metrics;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * A sample mean with its two-sided 95% confidence interval: {@code mean ± halfWidth}, cut to the
 * bounds the quantity cannot leave ({@link #within}); {@code low} and {@code high} are its ends.
 *
 * @param n the sample size
 * @param mean the sample mean; NaN when {@code n == 0}
 * @param halfWidth half the width of the Student-t interval before any cut; NaN when {@code n < 2}
 *     (no interval from one value)
 * @param low the interval's lower end; NaN without an interval
 * @param high its upper end; NaN without an interval
 */
public record Estimate(int n, double mean, double halfWidth, double low, double high) {

  /** Checks the size and that the interval holds the mean. */
  public Estimate {
    checkArgument(n >= 0, "n must be >= 0, got %s", n);
    checkArgument(Double.isNaN(halfWidth) || !(low > mean || high < mean),
        "interval [%s, %s] does not hold the mean %s", low, high, mean);
  }

  /** The symmetric interval {@code mean ± halfWidth}. */
  public Estimate(int n, double mean, double halfWidth) {
    this(n, mean, halfWidth, mean - halfWidth, mean + halfWidth);
  }

  /**
   * This estimate with its interval cut to {@code [lower, upper]}, the values the quantity can
   * take (the mean of values within the bounds is within them). The cut interval holds the true
   * mean at least as often as the uncut one, since the true mean is within the bounds too; it is
   * what the reports show, so that no interval of a count or a latency goes below zero.
   */
  public Estimate within(double lower, double upper) {
    if (Double.isNaN(halfWidth)) {
      return this;
    }
    return new Estimate(n, mean, halfWidth, Math.max(low, Math.min(lower, mean)),
        Math.min(high, Math.max(upper, mean)));
  }

  /** Whether the interval was cut at a bound. */
  public boolean cut() {
    return !Double.isNaN(halfWidth) && (low > mean - halfWidth || high < mean + halfWidth);
  }

  /** Whether the interval exists and excludes zero (for a difference: a significant change). */
  public boolean excludesZero() {
    return !Double.isNaN(halfWidth) && (low > 0 || high < 0);
  }
}
