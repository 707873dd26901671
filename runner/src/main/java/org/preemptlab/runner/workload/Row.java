package org.preemptlab.runner.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.GpuContext;

/**
 * One data row of a CSV trace with typed accessors. Every accessor fails with a one-line {@link
 * ConfigurationException} of the form {@code FILE:LINE: column 'x': ...}.
 */
final class Row {
  private final String source;
  private final int line;
  private final List<String> header;
  private final List<String> fields;

  Row(String source, int line, List<String> header, List<String> fields) {
    this.source = source;
    this.line = line;
    this.header = header;
    this.fields = fields;
    if (fields.size() != header.size()) {
      throw new ConfigurationException(source + ":" + line + ": expected " + header.size()
          + " fields as in the header, got " + fields.size());
    }
  }

  /** The 1-based line number of the row in its file. */
  int line() {
    return line;
  }

  /** The error {@code FILE:LINE: column 'x': message}. */
  ConfigurationException error(String column, String message) {
    return error(source, line, column, message);
  }

  /** The error {@code FILE:LINE: column 'x': message} of a row that is no longer held. */
  static ConfigurationException error(String source, int line, String column, String message) {
    return new ConfigurationException(source + ":" + line + ": column '" + column + "': "
        + message);
  }

  /** Whether the row has the column and the field is not empty. */
  boolean has(String column) {
    int index = header.indexOf(column);
    return index >= 0 && !fields.get(index).isEmpty();
  }

  /** The non-empty text of a column. */
  String text(String column) {
    if (!has(column)) {
      throw error(column, "is empty; a value is required");
    }
    return fields.get(header.indexOf(column));
  }

  /** A context or queue id. */
  String id(String column) {
    String id = text(column);
    try {
      new GpuContext(id, false);
    } catch (IllegalArgumentException e) {
      throw error(column, "'" + org.preemptlab.api.Numbers.shortText(id) + "' must be letters, "
          + "digits, '.', '_' or '-', starting with "
          + "a letter or digit");
    }
    return id;
  }

  /** A whole number of at least {@code min}. */
  long count(String column, long min) {
    return count(column, min, Long.MAX_VALUE);
  }

  /** A whole number in {@code [min, max]}. */
  long count(String column, long min, long max) {
    long value = parse(column, Quantities::count);
    if (value < min || value > max) {
      String range = max == Long.MAX_VALUE || max == Integer.MAX_VALUE && value < min
          ? ">= " + min : "in [" + min + ", " + max + "]";
      throw error(column, "must be " + range + ", got " + value);
    }
    return value;
  }

  /** A duration with a unit, or a bare number of ns. */
  long duration(String column) {
    return parse(column, Quantities::durationNs);
  }

  /** A byte size, units allowed. */
  long bytes(String column) {
    long value = parse(column, Quantities::bytes);
    if (value > Integer.MAX_VALUE) {
      throw error(column, "is too large: " + value + " bytes");
    }
    return value;
  }

  /** {@code true} or {@code false} (any case); false when the column is absent or empty. */
  boolean bool(String column) {
    if (!has(column)) {
      return false;
    }
    String value = text(column).toLowerCase(Locale.ROOT);
    if (!value.equals("true") && !value.equals("false")) {
      throw error(column, "expected true or false, got '"
          + org.preemptlab.api.Numbers.shortText(text(column)) + "'");
    }
    return Boolean.parseBoolean(value);
  }

  /** One constant of {@code type}, in any case. */
  <E extends Enum<E>> E choice(String column, Class<E> type) {
    String value = text(column);
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equalsIgnoreCase(value)) {
        return constant;
      }
    }
    throw error(column, ConfigurationException.unknown("value", value,
        Arrays.stream(type.getEnumConstants()).map(Enum::name).toList()).getMessage());
  }

  /** Job ids separated by {@code ;}; empty when the column is absent or empty. */
  List<Long> ids(String column) {
    List<Long> ids = new ArrayList<>();
    if (!has(column)) {
      return ids;
    }
    for (String part : text(column).split(";")) {
      if (part.isBlank()) {
        continue;
      }
      try {
        ids.add(Quantities.count(part));
      } catch (IllegalArgumentException e) {
        throw error(column, e.getMessage() + "; write job ids separated by ';'");
      }
    }
    return ids;
  }

  /** A program in {@link ProgramSyntax}, or null when the column is absent or empty. */
  ProgramSpec program(String column) {
    return has(column) ? parse(column, ProgramSyntax::parse) : null;
  }

  private <T> T parse(String column, java.util.function.Function<String, T> parser) {
    String value = text(column);
    try {
      return parser.apply(value);
    } catch (IllegalArgumentException e) {
      throw error(column, e.getMessage());
    }
  }
}
