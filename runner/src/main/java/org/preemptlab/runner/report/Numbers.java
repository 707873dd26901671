package org.preemptlab.runner.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/** Locale-independent number formats shared by every report. */
public final class Numbers {
  private Numbers() {}

  /** Nanoseconds as microseconds with one decimal, e.g. {@code 1234.5}. */
  public static String us(double ns) {
    return String.format(Locale.ROOT, "%.1f", ns / 1e3);
  }

  /** Nanoseconds as milliseconds with three decimals. */
  public static String ms(double ns) {
    return String.format(Locale.ROOT, "%.3f", ns / 1e6);
  }

  /**
   * A number with {@code decimals} decimals, exactly as {@code String.format(Locale.ROOT, "%.Nf",
   * value)} writes it: {@link java.util.Formatter} rounds the digits of {@link
   * Double#toString(double)} half up, and so does this, without parsing a format per call (a
   * {@code jobs.csv} row writes one slowdown). Magnitudes outside [0.001, 10^15), where the
   * formatter's digits may differ from {@code Double.toString}'s, and non-finite values go to the
   * formatter itself.
   */
  public static String fixed(double value, int decimals) {
    double magnitude = Math.abs(value);
    if (!(magnitude >= 1e-3 && magnitude < 1e15) || decimals < 0) {
      return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
    String digits = new BigDecimal(Double.toString(magnitude))
        .setScale(decimals, RoundingMode.HALF_UP).toPlainString();
    return value < 0 ? "-" + digits : digits;
  }

  /** Bytes as KiB with one decimal. */
  public static String kib(double bytes) {
    return String.format(Locale.ROOT, "%.1f", bytes / 1024);
  }

  /** A fraction as a percentage with one decimal, e.g. {@code 93.4%}. */
  public static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
  }
}
