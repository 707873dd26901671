package org.preemptlab.runner.metrics;

import java.util.Locale;
import org.preemptlab.api.metrics.MetricUnit;

/**
 * The unit a metric is shown in, scaled to the data: a time in ns, µs, ms or s and a size in B,
 * KiB, MiB or GiB, whichever keeps the largest value shown between 1 and 1000 (1024 for sizes);
 * a fraction as a percentage.
 *
 * @param symbol the unit as printed, e.g. {@code µs}; empty for a plain number
 * @param factor what a stored value is multiplied by to be shown in it
 * @param decimals decimals printed in tables
 */
public record DisplayUnit(String symbol, double factor, int decimals) {

  /**
   * The unit for values of {@code unit} up to {@code largest} in absolute value (NaN or 0: the
   * smallest unit).
   */
  public static DisplayUnit of(MetricUnit unit, double largest) {
    double max = Double.isNaN(largest) ? 0 : Math.abs(largest);
    return switch (unit) {
      case NANOSECONDS -> max >= 1e9 ? new DisplayUnit("s", 1e-9, 3)
          : max >= 1e6 ? new DisplayUnit("ms", 1e-6, 3)
          : max >= 1e3 ? new DisplayUnit("µs", 1e-3, 1) : new DisplayUnit("ns", 1, 0);
      case BYTES -> max >= 1L << 30 ? new DisplayUnit("GiB", 1.0 / (1L << 30), 2)
          : max >= 1L << 20 ? new DisplayUnit("MiB", 1.0 / (1L << 20), 1)
          : max >= 1L << 10 ? new DisplayUnit("KiB", 1.0 / (1L << 10), 1)
          : new DisplayUnit("B", 1, 0);
      case FRACTION -> new DisplayUnit("%", 100, 1);
      case PER_SECOND -> new DisplayUnit("1/s", 1, 1);
      case COUNT -> new DisplayUnit("", 1, 2);
      case RATIO -> new DisplayUnit("", 1, 3);
    };
  }

  /** A stored value in this unit. */
  public double display(double value) {
    return value * factor;
  }

  /** A stored value in this unit with its decimals; {@code n/a} when undefined. */
  public String format(double value) {
    if (Double.isNaN(value)) {
      return "n/a";
    }
    return String.format(Locale.ROOT, "%." + decimals + "f", display(value));
  }

  /** {@code " (µs)"} for an axis or column title; empty for a plain number. */
  public String inParentheses() {
    return symbol.isEmpty() ? "" : " (" + symbol + ")";
  }
}
