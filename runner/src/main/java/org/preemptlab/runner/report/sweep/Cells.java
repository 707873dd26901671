package org.preemptlab.runner.report.sweep;

import java.math.BigDecimal;
import org.preemptlab.runner.metrics.Estimate;
import org.preemptlab.runner.metrics.DisplayUnit;
import org.preemptlab.runner.metrics.MetricSelection;

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
   * {@code mean ± half-width} in the metric's display unit, or {@code mean [low, high]} when the
   * interval was cut at a bound of the metric; {@code n/a} without values.
   */
  static String mean(DisplayUnit unit, Estimate estimate) {
    if (estimate.n() == 0) {
      return "n/a";
    }
    String mean = unit.format(estimate.mean());
    return Double.isNaN(estimate.halfWidth()) ? mean : estimate.cut()
        ? mean + " [" + unit.format(estimate.low()) + ", " + unit.format(estimate.high()) + "]"
        : mean + " ± " + unit.format(estimate.halfWidth());
  }

  /** A signed difference {@code +x ± h} in the metric's display unit. */
  static String difference(DisplayUnit unit, Estimate estimate) {
    if (estimate == null) {
      return "baseline";
    }
    if (estimate.n() == 0) {
      return "n/a";
    }
    String mean = unit.format(estimate.mean());
    if (!mean.startsWith("-")) {
      mean = "+" + mean;
    }
    return Double.isNaN(estimate.halfWidth()) ? mean : estimate.cut()
        ? mean + " [" + unit.format(estimate.low()) + ", " + unit.format(estimate.high()) + "]"
        : mean + " ± " + unit.format(estimate.halfWidth());
  }

  /** What the verdict column says where fewer than two seeds give no interval. */
  static final String ONE_SEED = "n < 2";

  /** What the verdict column says where every pair differs by the same non-zero amount. */
  static final String CONSTANT = "constant Δ";

  /**
   * {@code better} or {@code worse} when the difference's interval excludes zero (in the metric's
   * direction), {@code n.s.} (not significant) when it contains zero, {@value #ONE_SEED} with
   * fewer than two pairs (no interval, so no verdict), {@value #CONSTANT} when every pair differs
   * by the same non-zero amount (a zero-width interval: the seeds show no spread to test the
   * difference against, so no verdict), empty for the baseline or without pairs.
   */
  static String verdict(MetricSelection metric, Estimate difference) {
    if (difference == null || difference.n() == 0) {
      return "";
    }
    if (difference.n() < 2) {
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
