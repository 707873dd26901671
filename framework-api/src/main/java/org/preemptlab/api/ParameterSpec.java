package org.preemptlab.api;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The declaration of one plugin parameter: its name, type, default, unit, documentation and valid
 * range. A provider declares its parameters once; the runner validates every user value against
 * them before a run starts and {@code preemptlab list} prints them.
 *
 * @param name kebab-case name, unique within the plugin
 * @param type how the value is parsed
 * @param defaultValue the default, as the user would write it
 * @param unit the unit of the value, or an empty string (durations carry their unit in the text)
 * @param doc one sentence saying what the parameter does
 * @param min the smallest valid value for numbers and durations (inclusive), or
 *     {@link Double#NEGATIVE_INFINITY}
 * @param max the largest valid value for numbers and durations (inclusive), or
 *     {@link Double#POSITIVE_INFINITY}
 * @param choices the valid words of a {@link ParameterType#CHOICE}; empty for other types
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public record ParameterSpec(
    String name,
    ParameterType type,
    String defaultValue,
    String unit,
    String doc,
    double min,
    double max,
    List<String> choices) {

  /** Validates the declaration, including that the default itself is valid. */
  public ParameterSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(defaultValue, "defaultValue");
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(doc, "doc");
    choices = List.copyOf(choices);
    checkArgument(name.matches("[a-z][a-z0-9]*(-[a-z0-9]+)*"), "parameter name '%s' is not "
        + "kebab-case", name);
    checkArgument(type != ParameterType.CHOICE || !choices.isEmpty(), "choice parameter '%s' "
        + "declares no choices", name);
    checkArgument(choices.stream().map(c -> c.toLowerCase(Locale.ROOT)).distinct().count()
        == choices.size(), "choice parameter '%s' declares words that differ only in case: %s "
        + "(choices are read in any case)", name, choices);
    checkArgument(!Double.isNaN(min) && !Double.isNaN(max) && min <= max, "parameter '%s' "
        + "needs min <= max, got min %s, max %s", name, min, max);
    try {
      parse(type, min, max, choices, defaultValue);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "parameter '" + name + "' has an invalid default: " + e.getMessage(), e);
    }
  }

  /** A whole-number parameter with an inclusive range. */
  public static ParameterSpec integer(
      String name, long defaultValue, long min, long max, String unit, String doc) {
    return new ParameterSpec(name, ParameterType.INTEGER, Long.toString(defaultValue), unit,
        doc, min, max, List.of());
  }

  /** A real-number parameter with an inclusive range. */
  public static ParameterSpec real(
      String name, double defaultValue, double min, double max, String unit, String doc) {
    return new ParameterSpec(name, ParameterType.REAL, Double.toString(defaultValue), unit,
        doc, min, max, List.of());
  }

  /** A boolean parameter. */
  public static ParameterSpec bool(String name, boolean defaultValue, String doc) {
    return new ParameterSpec(name, ParameterType.BOOLEAN, Boolean.toString(defaultValue), "", doc,
        Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, List.of());
  }

  /** A parameter whose value is one of {@code choices}. */
  public static ParameterSpec choice(
      String name, String defaultValue, List<String> choices, String doc) {
    return new ParameterSpec(name, ParameterType.CHOICE, defaultValue, "", doc,
        Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, choices);
  }

  /**
   * A duration parameter; the default and the range are in nanoseconds. The range's top is at most
   * {@link Limits#MAX_DURATION_NS}, the longest duration any input may hold.
   */
  public static ParameterSpec duration(
      String name, long defaultNs, long minNs, long maxNs, String doc) {
    return new ParameterSpec(name, ParameterType.DURATION, Durations.format(defaultNs), "",
        doc, minNs, Math.min(maxNs, Limits.MAX_DURATION_NS), List.of());
  }

  /** A free-text parameter. */
  public static ParameterSpec text(String name, String defaultValue, String doc) {
    return new ParameterSpec(name, ParameterType.TEXT, defaultValue, "", doc,
        Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, List.of());
  }

  /**
   * Parses and validates a value written by the user.
   *
   * @return a {@code Long} (integers and durations in ns), {@code Double}, {@code Boolean} or
   *     {@code String}
   * @throws IllegalArgumentException with a message naming the expected type and range
   */
  public Object parse(String raw) {
    return parse(type, min, max, choices, raw);
  }

  private static Object parse(
      ParameterType type, double min, double max, List<String> choices, String raw) {
    String text = raw.trim();
    switch (type) {
      case INTEGER -> {
        long value;
        try {
          value = Numbers.whole(text.replace("_", ""), Long.MIN_VALUE, Long.MAX_VALUE);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("expected a whole number"
              + rangeText(type, min, max) + ", got '" + Numbers.shortText(raw) + "'");
        }
        return checkRange(type, min, max, value, raw);
      }
      case REAL -> {
        double value;
        try {
          value = Numbers.decimal(text).doubleValue();
        } catch (IllegalArgumentException e) {
          String lower = text.toLowerCase(Locale.ROOT);
          throw new IllegalArgumentException((lower.contains("nan") || lower.contains("inf")
              ? "expected a finite number" : "expected a number" + rangeText(type, min, max))
              + ", got '" + Numbers.shortText(raw) + "'");
        }
        checkArgument(Double.isFinite(value), "expected a finite number, got '%s'",
            Numbers.shortText(raw));
        return checkRange(type, min, max, value, raw);
      }
      case BOOLEAN -> {
        String lower = text.toLowerCase(Locale.ROOT);
        checkArgument(lower.equals("true") || lower.equals("false"), "expected true or "
            + "false, got '%s'", Numbers.shortText(raw));
        return Boolean.valueOf(lower);
      }
      case CHOICE -> {
        // in any case, as every other enumerated value of the inputs: the declared spelling
        for (String choice : choices) {
          if (choice.equalsIgnoreCase(text)) {
            return choice;
          }
        }
        throw new IllegalArgumentException(
            ConfigurationException.unknown("value", text, choices).getMessage());
      }
      case DURATION -> {
        long ns;
        try {
          ns = Durations.parseNs(text);
        } catch (IllegalArgumentException e) {
          if (e.getMessage().contains("is negative") && min >= 0) {
            // the range says more than "negative": [1us, 1s] also excludes 0
            throw new IllegalArgumentException("'" + Numbers.shortText(raw) + "' is out of range"
                + rangeText(type, min, max), e);
          }
          throw e;
        }
        return checkRange(type, min, max, ns, raw);
      }
      case TEXT -> {
        return raw;
      }
      default -> throw new AssertionError(type);
    }
  }

  private static <N extends Number> N checkRange(
      ParameterType type, double min, double max, N value, String raw) {
    double d = value.doubleValue();
    if (!(d >= min && d <= max)) { // the range's text only for the message: formatting costs
      checkArgument(false, "'%s' is out of range%s", Numbers.shortText(raw),
          rangeText(type, min, max));
    }
    return value;
  }

  /** The valid range as text, e.g. {@code " in [1, 100]"}, or an empty string if unbounded. */
  public String rangeText() {
    return rangeText(type, min, max);
  }

  private static String rangeText(ParameterType type, double min, double max) {
    if (min == Double.NEGATIVE_INFINITY && max == Double.POSITIVE_INFINITY) {
      return "";
    }
    return " in [" + bound(type, min) + ", " + bound(type, max) + "]";
  }

  private static String bound(ParameterType type, double value) {
    if (Double.isInfinite(value)) {
      return value > 0 ? "inf" : "-inf";
    }
    if (type == ParameterType.DURATION) {
      return Durations.format((long) value);
    }
    if (type == ParameterType.INTEGER || value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    return Double.toString(value);
  }
}
