package org.preemptlab.runner.experiment.sweep;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.preemptlab.runner.experiment.RunConfig;

/**
 * One configuration of a sweep: a value for every varied key, applied to the base.
 *
 * @param key the configuration's name in files and reports, built from its values (see {@link
 *     #keyOf})
 * @param values the value label of every varied key, in the order the keys were written
 * @param config the resolved run configuration (with the base's seed; runs replace it)
 */
public record SweepPoint(String key, Map<String, String> values, RunConfig config) {

  /** The key of a sweep that varies nothing. */
  public static final String BASE_KEY = "base";

  /** Copies the values, keeping their order. */
  public SweepPoint {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(config, "config");
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /**
   * The deterministic name of the configuration with these values: the values in key order joined
   * by {@code __}, e.g. {@code fifo__block-boundary__full}, or {@value #BASE_KEY} when nothing is
   * varied. A value is kept as written when it holds only letters, digits, {@code .}, {@code +}
   * and {@code -}; otherwise the other characters become {@code -} and the first 8 hex digits of
   * the value's SHA-256 are appended, so that distinct values never share a name.
   */
  public static String keyOf(Map<String, String> values) {
    if (values.isEmpty()) {
      return BASE_KEY;
    }
    StringBuilder sb = new StringBuilder();
    for (String value : values.values()) {
      sb.append(sb.length() == 0 ? "" : "__").append(token(value));
    }
    return sb.toString();
  }

  private static String token(String value) {
    if (value.matches("[A-Za-z0-9.+-]+") && !value.startsWith(".")) {
      return value;
    }
    String cleaned = value.replaceAll("[^A-Za-z0-9.+-]+", "-").replaceAll("^[-.]+|-+$", "");
    return (cleaned.isEmpty() ? "" : cleaned + "-") + sha256(value).substring(0, 8);
  }

  /** The hex SHA-256 of {@code text} in UTF-8. */
  static String sha256(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
