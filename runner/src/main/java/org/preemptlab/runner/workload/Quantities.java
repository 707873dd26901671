package org.preemptlab.runner.workload;

import static com.google.common.base.Preconditions.checkArgument;

import java.math.BigDecimal;
import java.util.Locale;
import org.preemptlab.api.Durations;
import org.preemptlab.api.Numbers;

/**
 * Parses the quantities users write in specs and traces: durations ({@code 250us}), byte sizes
 * ({@code 48KiB}), shares ({@code 40%} or {@code 0.4}) and whole counts. Every method throws an
 * {@link IllegalArgumentException} whose message says what was expected.
 */
public final class Quantities {
  private Quantities() {}

  /** Parses a duration with a unit (ns, us, ms, s; a bare number is ns) into nanoseconds. */
  public static long durationNs(String text) {
    return Durations.parseNs(text);
  }

  /**
   * Parses a byte size: a whole number of bytes, optionally with a unit {@code B}, {@code KiB},
   * {@code MiB} (powers of 1024) or {@code KB}, {@code MB} (powers of 1000).
   */
  public static long bytes(String text) {
    String s = text.trim().replace("_", "");
    String lower = s.toLowerCase(Locale.ROOT);
    long unit = 1;
    String number = s;
    String[][] units = {{"kib", "1024"}, {"mib", "1048576"}, {"kb", "1000"}, {"mb", "1000000"},
        {"b", "1"}};
    for (String[] u : units) {
      if (lower.endsWith(u[0])) {
        unit = Long.parseLong(u[1]);
        number = s.substring(0, s.length() - u[0].length()).trim();
        break;
      }
    }
    BigDecimal value;
    try {
      value = Numbers.decimal(number);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + Numbers.shortText(text)
          + "' is not a size; write bytes or a number with a unit: B, KiB, MiB, KB or MB");
    }
    checkArgument(value.signum() >= 0, "'%s' is negative; a size must be >= 0",
        Numbers.shortText(text));
    try {
      return value.multiply(BigDecimal.valueOf(unit)).longValueExact();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("'" + Numbers.shortText(text)
          + "' is not a whole number of bytes (at most " + Long.MAX_VALUE + ")");
    }
  }

  /** Parses a share of a whole: {@code 40%} or a fraction such as {@code 0.4}; at least 0. */
  public static double share(String text) {
    String s = text.trim();
    boolean percent = s.endsWith("%");
    double value;
    try {
      value = Numbers.decimal(percent ? s.substring(0, s.length() - 1).trim() : s).doubleValue();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + Numbers.shortText(text)
          + "' is not a share; write e.g. 40% or 0.4");
    }
    checkArgument(Double.isFinite(value) && value >= 0, "'%s' is not a share >= 0",
        Numbers.shortText(text));
    return percent ? value / 100 : value;
  }

  /** Parses a whole number (underscores allowed as separators). */
  public static long count(String text) {
    try {
      return Numbers.whole(text.replace("_", ""), Long.MIN_VALUE, Long.MAX_VALUE);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + Numbers.shortText(text) + "' is not a whole number"
          + (e.getMessage().contains("out of range") ? " in [" + Long.MIN_VALUE + ", "
          + Long.MAX_VALUE + "]" : ""));
    }
  }
}
