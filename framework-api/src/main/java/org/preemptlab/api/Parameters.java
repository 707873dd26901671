package org.preemptlab.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The resolved, validated parameter values of one plugin instance: every declared parameter has a
 * value, either the user's or its default. Immutable.
 *
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public final class Parameters {
  private final Map<String, Object> values;
  private final Map<String, String> texts;

  private Parameters(Map<String, Object> values, Map<String, String> texts) {
    this.values = Collections.unmodifiableMap(values);
    this.texts = Collections.unmodifiableMap(texts);
  }

  /** The defaults of every declared parameter. */
  public static Parameters defaults(List<ParameterSpec> specs) {
    return of(specs, Map.of());
  }

  /**
   * Validates user values against the declarations and fills in defaults.
   *
   * @param owner names the plugin in error messages, e.g. {@code "policy 'priority'"}
   * @throws ConfigurationException for an unknown name (with the valid names and the closest
   *     match) or an invalid value (with the expected type and range)
   */
  public static Parameters of(String owner, List<ParameterSpec> specs, Map<String, String> given) {
    Map<String, ParameterSpec> byName = new LinkedHashMap<>();
    for (ParameterSpec spec : specs) {
      byName.put(spec.name(), spec);
    }
    for (String name : given.keySet()) {
      if (!byName.containsKey(name)) {
        throw new ConfigurationException(owner + ": " + ConfigurationException.unknown(
            "parameter", name, byName.keySet()).getMessage());
      }
    }
    Map<String, Object> values = new TreeMap<>();
    Map<String, String> texts = new TreeMap<>();
    for (ParameterSpec spec : specs) {
      String raw = given.getOrDefault(spec.name(), spec.defaultValue());
      try {
        values.put(spec.name(), spec.parse(raw));
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException(
            "parameter '" + spec.name() + "' of " + owner + ": " + e.getMessage(), e);
      }
      texts.put(spec.name(), raw.trim());
    }
    return new Parameters(values, texts);
  }

  /** Same as {@link #of(String, List, Map)} with a generic owner name. */
  public static Parameters of(List<ParameterSpec> specs, Map<String, String> given) {
    return of("plugin", specs, given);
  }

  /** The value of an {@link ParameterType#INTEGER} parameter. */
  public long getLong(String name) {
    return (Long) get(name, Long.class);
  }

  /** The value of an {@link ParameterType#INTEGER} parameter that must fit an {@code int}. */
  public int getInt(String name) {
    return Math.toIntExact(getLong(name));
  }

  /** The value of a {@link ParameterType#REAL} parameter. */
  public double getDouble(String name) {
    return (Double) get(name, Double.class);
  }

  /** The value of a {@link ParameterType#BOOLEAN} parameter. */
  public boolean getBoolean(String name) {
    return (Boolean) get(name, Boolean.class);
  }

  /** The value of a {@link ParameterType#DURATION} parameter, in nanoseconds. */
  public long getDurationNs(String name) {
    return getLong(name);
  }

  /** The value of a {@link ParameterType#CHOICE} or {@link ParameterType#TEXT} parameter. */
  public String getString(String name) {
    return (String) get(name, String.class);
  }

  /** Every value as the user wrote it (or the default's text), sorted by name: for reports. */
  public Map<String, String> asText() {
    return texts;
  }

  private Object get(String name, Class<?> type) {
    Object value = values.get(name);
    if (value == null) {
      throw new IllegalStateException("no parameter '" + name + "' was declared; declared: "
          + values.keySet());
    }
    if (!type.isInstance(value)) {
      throw new IllegalStateException("parameter '" + name + "' is a " + value.getClass()
          .getSimpleName() + ", not a " + type.getSimpleName());
    }
    return value;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Parameters p && values.equals(p.values);
  }

  @Override
  public int hashCode() {
    return Objects.hash(values);
  }

  @Override
  public String toString() {
    return texts.toString();
  }
}
