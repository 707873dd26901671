package org.preemptlab.runner.report.trace;

/**
 * Formats nanoseconds as the microseconds the trace format expects, exactly: {@code 1162} ns is
 * {@code "1.162"}, {@code 350} is {@code "0.35"}, {@code 2000} is {@code "2"}. No floating point is
 * involved, so the text is the same on every platform and locale.
 */
final class Micros {
  private Micros() {}

  /** {@code ns} in microseconds, with at most three decimals and no trailing zeros. */
  static String of(long ns) {
    if (ns < 0) {
      return "-" + of(-ns);
    }
    long whole = ns / 1000;
    int fraction = (int) (ns % 1000);
    if (fraction == 0) {
      return Long.toString(whole);
    }
    StringBuilder text = new StringBuilder(24).append(whole).append('.');
    if (fraction < 100) {
      text.append('0');
    }
    if (fraction < 10) {
      text.append('0');
    }
    text.append(fraction);
    int end = text.length();
    while (text.charAt(end - 1) == '0') {
      end--;
    }
    text.setLength(end);
    return text.toString();
  }
}
