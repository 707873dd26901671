package org.preemptlab.applications.llm;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.InputFiles;
import org.preemptlab.api.Limits;
import org.preemptlab.api.Numbers;

/**
 * A CSV table of a measured profile (Vidur's {@code mlp.csv} and {@code attention.csv},
 * LLMServingSim's {@code dense.csv}, {@code per_sequence.csv} and {@code attention.csv}), read
 * strictly: a header line of column names, then rows of as many cells; numbers go through the
 * project's one number layer ({@link Numbers}: ASCII digits only, bounded length and exponent).
 * Errors name the file, the line and the column, and never quote a cell of the file.
 */
final class ProfileTable {
  /** The largest profile table read: 64 MiB (Vidur's largest attention table is about 11 MB). */
  static final int MAX_BYTES = 64 << 20;

  private final String source;
  private final List<String> header;
  private final Map<String, Integer> index;
  private final List<String[]> rows;
  private final int[] lines;

  private ProfileTable(String source, List<String> header, List<String[]> rows, int[] lines) {
    this.source = source;
    this.header = List.copyOf(header);
    this.index = new HashMap<>();
    for (int i = 0; i < header.size(); i++) {
      index.putIfAbsent(header.get(i), i);
    }
    this.rows = rows;
    this.lines = lines;
  }

  /** Reads {@code file} (at most {@link #MAX_BYTES}). */
  static ProfileTable read(Path file) {
    return parse(InputFiles.readText(file, "profile table", MAX_BYTES), file.toString());
  }

  /**
   * Parses a table; {@code source} names it in errors.
   *
   * @throws ConfigurationException for an empty table, a line longer than {@link
   *     Limits#MAX_TRACE_LINE_CHARS} or a row whose cell count differs from the header's
   */
  static ProfileTable parse(String text, String source) {
    String[] all = text.split("\r?\n", -1);
    List<String> header = null;
    int headerLine = 0;
    List<String[]> rows = new ArrayList<>();
    List<Integer> lineNumbers = new ArrayList<>();
    for (int i = 0; i < all.length; i++) {
      String line = all[i];
      if (line.length() > Limits.MAX_TRACE_LINE_CHARS) {
        throw new ConfigurationException(source + ":" + (i + 1) + ": line longer than "
            + Limits.sizeText(Limits.MAX_TRACE_LINE_CHARS) + " characters");
      }
      if (line.isBlank()) {
        continue;
      }
      String[] cells = line.split(",", -1);
      for (int c = 0; c < cells.length; c++) {
        cells[c] = cells[c].strip();
      }
      if (header == null) {
        header = List.of(cells);
        headerLine = i + 1;
        continue;
      }
      if (cells.length != header.size()) {
        throw new ConfigurationException(source + ":" + (i + 1) + ": expected " + header.size()
            + " columns as in the header (line " + headerLine + "), got " + cells.length);
      }
      rows.add(cells);
      lineNumbers.add(i + 1);
    }
    if (header == null) {
      throw new ConfigurationException(source + ": empty profile table: no header line");
    }
    if (rows.isEmpty()) {
      throw new ConfigurationException(source + ": the profile table has a header but no rows");
    }
    return new ProfileTable(source, header, rows,
        lineNumbers.stream().mapToInt(Integer::intValue).toArray());
  }

  /** The file or resource read. */
  String source() {
    return source;
  }

  /** The column names, in order. */
  List<String> header() {
    return header;
  }

  /** Rows, in file order. */
  int size() {
    return rows.size();
  }

  /** Whether the header has {@code column}. */
  boolean has(String column) {
    return index.containsKey(column);
  }

  /**
   * Checks that the header has every one of {@code columns}.
   *
   * @throws ConfigurationException naming the first missing column and the expected ones
   */
  void require(Collection<String> columns, String format) {
    for (String column : columns) {
      if (!has(column)) {
        throw new ConfigurationException(source + ":" + (lines[0] - 1) + ": the header lacks the "
            + "column '" + column + "' of a " + format + " table; expected the columns "
            + String.join(",", columns));
      }
    }
  }

  /** {@code file:line} of row {@code row}. */
  String where(int row) {
    return source + ":" + lines[row];
  }

  /** The cell of {@code column} on row {@code row}, stripped. */
  String text(int row, String column) {
    return rows.get(row)[index.get(column)];
  }

  /**
   * A whole number in {@code [min, max]}.
   *
   * @throws ConfigurationException naming the file, line and column (not the cell)
   */
  long whole(int row, String column, long min, long max) {
    try {
      return Numbers.whole(text(row, column), min, max);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(where(row) + ": column '" + column + "' must be a whole "
          + "number in [" + min + ", " + max + "] in ASCII digits");
    }
  }

  /**
   * A whole number written as an integer or with a zero fraction ({@code 512} or {@code 512.0},
   * as pandas writes integer columns that held a missing value), in {@code [min, max]}.
   */
  long count(int row, String column, long min, long max) {
    String cell = text(row, column);
    try {
      BigDecimal value = Numbers.decimal(cell);
      if (value.signum() == 0 || value.stripTrailingZeros().scale() <= 0) {
        return Numbers.scaled(value, 1, min, max, cell);
      }
    } catch (IllegalArgumentException e) {
      // reported below
    }
    throw new ConfigurationException(where(row) + ": column '" + column + "' must be a whole "
        + "number in [" + min + ", " + max + "] in ASCII digits");
  }

  /**
   * A time in the table's unit converted to ns ({@code nsPerUnit}: 1e6 for ms, 1e3 for µs),
   * at least 0 and at most {@link Limits#MAX_DURATION_NS}.
   */
  double nanos(int row, String column, long nsPerUnit) {
    String cell = text(row, column);
    try {
      BigDecimal value = Numbers.decimal(cell);
      if (value.signum() >= 0) {
        double ns = value.doubleValue() * nsPerUnit;
        if (ns <= Limits.MAX_DURATION_NS) {
          return ns;
        }
      }
    } catch (IllegalArgumentException e) {
      // reported below
    }
    throw new ConfigurationException(where(row) + ": column '" + column + "' must be a time >= 0 "
        + "(a decimal number in ASCII digits, at most one hour)");
  }

  /** A decimal number in {@code [min, max]}, such as a fitted coefficient. */
  double decimal(int row, String column, double min, double max) {
    String cell = text(row, column);
    try {
      double value = Numbers.decimal(cell).doubleValue();
      if (value >= min && value <= max) {
        return value;
      }
    } catch (IllegalArgumentException e) {
      // reported below
    }
    throw new ConfigurationException(where(row) + ": column '" + column + "' must be a decimal "
        + "number in [" + min + ", " + max + "] in ASCII digits");
  }

  /** Whether the cell of {@code column} on {@code row} is empty. */
  boolean empty(int row, String column) {
    return text(row, column).isEmpty();
  }

  /**
   * A boolean written {@code True}/{@code False} (as pandas writes them) or {@code true}/{@code
   * false}.
   */
  boolean bool(int row, String column) {
    String cell = text(row, column);
    if (cell.equals("True") || cell.equals("true")) {
      return true;
    }
    if (cell.equals("False") || cell.equals("false")) {
      return false;
    }
    throw new ConfigurationException(where(row) + ": column '" + column + "' must be one of "
        + "True, False");
  }
}
