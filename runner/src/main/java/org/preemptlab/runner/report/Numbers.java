package org.preemptlab.runner.report;

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

  /** A number with {@code decimals} decimals. */
  public static String fixed(double value, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", value);
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
