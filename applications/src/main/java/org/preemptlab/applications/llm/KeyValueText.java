package org.preemptlab.applications.llm;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Numbers;

/**
 * The {@code key: value} text of the model-architecture and device files: {@code #} comments,
 * blank lines, one key per line, every key known and none repeated. Errors name the file and line
 * and never quote a value.
 */
final class KeyValueText {
  private final String source;
  private final Map<String, String> values = new LinkedHashMap<>();
  private final Map<String, Integer> lines = new LinkedHashMap<>();

  private KeyValueText(String source) {
    this.source = source;
  }

  /**
   * Parses {@code text}, accepting only {@code keys}.
   *
   * @throws ConfigurationException for an unknown or repeated key or a line without a colon
   */
  static KeyValueText parse(String text, String source, Collection<String> keys) {
    KeyValueText parsed = new KeyValueText(source);
    String[] all = text.split("\r?\n", -1);
    for (int i = 0; i < all.length; i++) {
      String line = all[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String where = source + ":" + (i + 1);
      int colon = line.indexOf(':');
      if (colon <= 0) {
        throw new ConfigurationException(where + ": expected 'key: value'; valid keys: "
            + String.join(", ", keys));
      }
      String key = line.substring(0, colon).strip();
      if (!keys.contains(key)) {
        throw new ConfigurationException(where + ": " + ConfigurationException.unknown("key",
            key, keys).getMessage());
      }
      if (parsed.values.containsKey(key)) {
        throw new ConfigurationException(where + ": key '" + key + "' is given twice (first on "
            + "line " + parsed.lines.get(key) + ")");
      }
      String value = line.substring(colon + 1).strip();
      int comment = value.indexOf(" #");
      parsed.values.put(key, comment >= 0 ? value.substring(0, comment).strip() : value);
      parsed.lines.put(key, i + 1);
    }
    return parsed;
  }

  private String where(String key) {
    return lines.containsKey(key) ? source + ":" + lines.get(key) : source;
  }

  /** The value of {@code key}, or {@code fallback} if absent. */
  String text(String key, String fallback) {
    return values.getOrDefault(key, fallback);
  }

  /** The value of a required {@code key}. */
  String text(String key) {
    String value = values.get(key);
    if (value == null || value.isEmpty()) {
      throw new ConfigurationException(source + ": the key '" + key + "' is missing");
    }
    return value;
  }

  /** A required whole number in {@code [min, max]}. */
  long whole(String key, long min, long max) {
    String value = text(key);
    try {
      return Numbers.whole(value, min, max);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(where(key) + ": key '" + key + "' must be a whole number "
          + "in [" + min + ", " + max + "] in ASCII digits");
    }
  }

  /** An optional whole number in {@code [min, max]}. */
  long whole(String key, long min, long max, long fallback) {
    return values.containsKey(key) ? whole(key, min, max) : fallback;
  }

  /** A required decimal number in {@code [min, max]}. */
  double real(String key, double min, double max) {
    String value = text(key);
    try {
      BigDecimal parsed = Numbers.decimal(value);
      double d = parsed.doubleValue();
      if (d >= min && d <= max) {
        return d;
      }
    } catch (IllegalArgumentException e) {
      // reported below
    }
    throw new ConfigurationException(where(key) + ": key '" + key + "' must be a number in ["
        + min + ", " + max + "] in ASCII digits");
  }

  /** An optional decimal number in {@code [min, max]}, {@code fallback} if absent. */
  double real(String key, double min, double max, double fallback) {
    return values.containsKey(key) ? real(key, min, max) : fallback;
  }

  /** A required {@code true} or {@code false}. */
  boolean bool(String key, boolean fallback) {
    if (!values.containsKey(key)) {
      return fallback;
    }
    String value = values.get(key);
    if (value.equals("true") || value.equals("false")) {
      return value.equals("true");
    }
    throw new ConfigurationException(where(key) + ": key '" + key + "' must be one of true, "
        + "false");
  }
}
