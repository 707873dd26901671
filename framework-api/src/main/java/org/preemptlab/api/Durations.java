package org.preemptlab.api;

import static org.preemptlab.api.Checks.checkArgument;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * Parses and formats simulated durations. Simulated time is a {@code long} count of nanoseconds;
 * users write durations with a unit: {@code 250ns}, {@code 12us} (or {@code 12µs}), {@code 1.5ms},
 * {@code 2s}. A number without a unit is an error, except {@code 0}. A duration is at most {@link
 * Limits#MAX_DURATION_NS} (1 hour) and its exponent at most {@link Limits#MAX_EXPONENT} digits of
 * scale, so parsing is fast and sums of durations cannot overflow.
 *
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public final class Durations {
  /** {@link Limits#MAX_DURATION_NS} as text, for the messages of {@link #parseNs}. */
  private static final String MAX_TEXT = format(Limits.MAX_DURATION_NS);

  private Durations() {}

  /**
   * Parses a duration such as {@code 1.5ms} into nanoseconds.
   *
   * @throws IllegalArgumentException if the text is not a non-negative duration with a known unit,
   *     or longer than {@link Limits#MAX_DURATION_NS}
   */
  public static long parseNs(String text) {
    String s = text.trim().toLowerCase(Locale.ROOT).replace("µs", "us").replace("_", "");
    long unit;
    String number;
    if (s.endsWith("ns")) {
      unit = 1;
      number = s.substring(0, s.length() - 2);
    } else if (s.endsWith("us")) {
      unit = 1_000;
      number = s.substring(0, s.length() - 2);
    } else if (s.endsWith("ms")) {
      unit = 1_000_000;
      number = s.substring(0, s.length() - 2);
    } else if (s.endsWith("s")) {
      unit = 1_000_000_000;
      number = s.substring(0, s.length() - 1);
    } else {
      unit = 0;
      number = s;
    }
    BigDecimal value;
    try {
      value = Numbers.decimal(number);
    } catch (IllegalArgumentException e) {
      checkArgument(!e.getMessage().contains("out of range"), "'%s' is out of range; a duration "
          + "must be in [0ns, %s] with at most %s digits of exponent", shortText(text),
          MAX_TEXT, Limits.MAX_EXPONENT);
      throw new IllegalArgumentException("'" + shortText(text) + "' is not a duration; write a "
          + "number and a unit: ns, us, ms or s (e.g. 250us)");
    }
    checkArgument(value.signum() >= 0, "'%s' is negative; a duration must be >= 0",
        shortText(text));
    if (unit == 0) {
      if (value.signum() == 0) {
        return 0;
      }
      throw new IllegalArgumentException("'" + shortText(text) + "' has no unit; write a unit: "
          + "ns, us, ms or s (e.g. " + shortText(number) + "ns)");
    }
    BigDecimal ns = value.multiply(BigDecimal.valueOf(unit))
        .setScale(0, java.math.RoundingMode.HALF_EVEN);
    checkArgument(ns.compareTo(BigDecimal.valueOf(Limits.MAX_DURATION_NS)) <= 0, "'%s' is too "
        + "long; a duration must be at most %s (1 hour of simulated time)", shortText(text),
        MAX_TEXT);
    return ns.longValueExact();
  }

  /** The text for a message, cut to 40 characters so that a huge value is not echoed whole. */
  private static String shortText(String text) {
    String t = text.strip();
    return t.length() <= 40 ? t : t.substring(0, 37) + "...";
  }

  /**
   * Formats nanoseconds with the largest unit that keeps the value at least 1, e.g. {@code 1.5ms}.
   * The text is exact ({@code 1234567} gives {@code 1.234567ms}), so {@link #parseNs} reads it back
   * to the same value.
   */
  public static String format(long ns) {
    long unit;
    int digits;
    String suffix;
    if (ns >= 1_000_000_000L) {
      unit = 1_000_000_000L;
      digits = 9;
      suffix = "s";
    } else if (ns >= 1_000_000) {
      unit = 1_000_000;
      digits = 6;
      suffix = "ms";
    } else if (ns >= 1_000) {
      unit = 1_000;
      digits = 3;
      suffix = "us";
    } else {
      return ns + "ns";
    }
    long fraction = ns % unit;
    if (fraction == 0) {
      return ns / unit + suffix;
    }
    while (fraction % 10 == 0) { // drop the fraction's trailing zeros
      fraction /= 10;
      digits--;
    }
    String fractionDigits = Long.toString(fraction);
    return ns / unit + "." + "0".repeat(digits - fractionDigits.length()) + fractionDigits
        + suffix;
  }
}
