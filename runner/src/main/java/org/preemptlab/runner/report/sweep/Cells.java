package org.preemptlab.runner.report.sweep;

import java.math.BigDecimal;
import org.preemptlab.runner.metrics.Estimate;
import org.preemptlab.runner.metrics.DisplayUnit;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.metrics.Statistics;

/** How sweep reports write numbers: one place, so every report agrees. */
final class Cells {
  private Cells() {}

  /** A raw value for CSV: exact, without exponent or trailing zeros; empty for NaN. */
  static String raw(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return "";
    }
    String text = BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    return text.equals("-0") ? "0" : text;
  }

  /**
   * {@code mean ± half-width (n=N)} in the metric's display unit, or {@code mean [low, high]
   * (n=N)} when the interval was cut at a bound of the metric, {@code mean (n=1)} without an
   * interval; {@code n/a} without values. The seed count stands beside every interval so that a
   * reader can judge it.
   */
  static String mean(DisplayUnit unit, Estimate estimate) {
    if (estimate.n() == 0) {
      return "n/a";
    }
    return interval(unit, estimate, unit.format(estimate.mean()));
  }

  /**
   * A signed difference {@code +x ± h (n=N)} in the metric's display unit (N the pairs), as
   * {@link #mean}; {@code baseline} for a baseline itself.
   */
  static String difference(DisplayUnit unit, Estimate estimate) {
    if (estimate == null) {
      return "baseline";
    }
    if (estimate.n() == 0) {
      return "n/a";
    }
    String mean = unit.format(estimate.mean());
    return interval(unit, estimate, mean.startsWith("-") ? mean : "+" + mean);
  }

  private static String interval(DisplayUnit unit, Estimate estimate, String mean) {
    String interval = Double.isNaN(estimate.halfWidth()) ? "" : estimate.cut()
        ? " [" + unit.format(estimate.low()) + ", " + unit.format(estimate.high()) + "]"
        : " ± " + unit.format(estimate.halfWidth());
    return mean + interval + " (n=" + estimate.n() + ")";
  }

  /** What the verdict column says where too few seeds give no interval. */
  static final String ONE_SEED = "n < " + Statistics.MIN_VALUES_FOR_INTERVAL;

  /** What the verdict column says where every pair differs by the same non-zero amount. */
  static final String CONSTANT = "constant Δ";

  /**
   * {@code better} or {@code worse} when the difference's interval excludes zero (in the metric's
   * direction), {@code n.s.} (not significant) when it contains zero, {@code n < 2} with fewer
   * than {@link Statistics#MIN_VALUES_FOR_INTERVAL} pairs (no interval, so no verdict), {@value #CONSTANT} when every pair differs
   * by the same non-zero amount (a zero-width interval: the seeds show no spread to test the
   * difference against, so no verdict), empty for the baseline or without pairs.
   */
  static String verdict(MetricSelection metric, Estimate difference) {
    if (difference == null || difference.n() == 0) {
      return "";
    }
    if (difference.n() < Statistics.MIN_VALUES_FOR_INTERVAL) {
      return ONE_SEED;
    }
    if (difference.mean() != 0
        && difference.halfWidth() <= 1e-9 * Math.abs(difference.mean())) {
      return CONSTANT;
    }
    if (!difference.excludesZero()) {
      return "n.s.";
    }
    return (difference.mean() > 0) == metric.metric().higherIsBetter() ? "better" : "worse";
  }
}
