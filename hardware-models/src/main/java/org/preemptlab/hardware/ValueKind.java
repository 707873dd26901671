package org.preemptlab.hardware;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Locale;
import org.preemptlab.api.Durations;
import org.preemptlab.api.Numbers;
import org.preemptlab.api.ParameterType;
import org.preemptlab.api.hardware.CostDistribution;

/** How the text of one model-file value is parsed and range-checked. */
enum ValueKind {
  /** Non-empty free text, returned trimmed. */
  TEXT(ParameterType.TEXT, "some text", ""),
  /** A whole number that fits an {@code int}; {@code _} may group digits. */
  WHOLE(ParameterType.INTEGER, "a whole number", ""),
  /** A finite real number. */
  REAL(ParameterType.REAL, "a number", ""),
  /** A duration with a unit, parsed by {@link Durations#parseNs}, as a {@code Long} of ns. */
  DURATION(ParameterType.DURATION, "a duration", " with a unit (ns, us, ms or s)"),
  /** {@code true} or {@code false}. */
  BOOLEAN(ParameterType.BOOLEAN, "true or false", ""),
  /**
   * A cost: a duration (a constant) or quantile points such as {@code p10 9.2us, p50 9.9us}, parsed
   * by {@link CostDistribution#parse} into a {@link CostDistribution}.
   */
  COST(ParameterType.TEXT, "a duration or quantile points",
      " (e.g. 9.7us, or p10 9.2us, p50 9.9us, p99 24.5us)");

  private final ParameterType parameterType;
  private final String expected;
  private final String hint;

  ValueKind(ParameterType parameterType, String expected, String hint) {
    this.parameterType = parameterType;
    this.expected = expected;
    this.hint = hint;
  }

  /** The plugin-parameter type that accepts the same texts. */
  ParameterType parameterType() {
    return parameterType;
  }

  /**
   * Parses {@code raw} and checks it against the inclusive range {@code [min, max]}.
   *
   * @return a {@code String}, {@code Integer}, {@code Double}, {@code Long} (ns) or {@code Boolean}
   * @throws IllegalArgumentException naming what was expected and what was given
   */
  Object parse(String raw, double min, double max) {
    String text = raw.trim();
    try {
      Object value = switch (this) {
        case TEXT -> text.isEmpty() ? null : text;
        case WHOLE -> Numbers.whole(text.replace("_", ""), Long.MIN_VALUE, Long.MAX_VALUE);
        case REAL -> Numbers.decimal(text).doubleValue();
        case DURATION -> Durations.parseNs(text);
        case BOOLEAN -> parseBoolean(text);
        case COST -> CostDistribution.parse(text);
      };
      checkArgument(value != null && inRange(value, min, max));
      return this == WHOLE ? Integer.valueOf(((Long) value).intValue()) : value;
    } catch (IllegalArgumentException e) {
      String given = raw.trim();
      throw new IllegalArgumentException("expected " + expected + rangeText(min, max) + hint
          + ", got '" + (given.length() <= 40 ? given : given.substring(0, 37) + "...") + "'", e);
    }
  }

  private static Boolean parseBoolean(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    checkArgument(lower.equals("true") || lower.equals("false"));
    return Boolean.valueOf(lower);
  }

  /** Whether a number, or every value of a cost distribution, is in {@code [min, max]}. */
  private static boolean inRange(Object value, double min, double max) {
    if (value instanceof Number n) {
      return inRange(n.doubleValue(), min, max);
    }
    return !(value instanceof CostDistribution c)
        || java.util.Arrays.stream(c.valuesNs()).allMatch(v -> inRange(v, min, max));
  }

  private static boolean inRange(double value, double min, double max) {
    return Double.isFinite(value) && value >= min && value <= max;
  }

  /** The range as words, e.g. {@code " >= 1"} or {@code " in [1, 64]"}; empty if unbounded. */
  String rangeText(double min, double max) {
    boolean noMax = max == Double.POSITIVE_INFINITY;
    if (min == Double.NEGATIVE_INFINITY && noMax) {
      return "";
    }
    if (noMax) {
      return " >= " + bound(min);
    }
    return " in [" + bound(min) + ", " + bound(max) + "]";
  }

  private String bound(double value) {
    if (this == DURATION || this == COST) {
      return Durations.format((long) value);
    }
    return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
  }
}
