package org.preemptlab.runner.report;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A plain-text table with aligned columns: text columns left-aligned, numbers right-aligned.
 * Build it with {@link #row}, then {@link #render}.
 */
public final class TextTable {
  /**
   * A cell that is a number: {@code 12.5}, {@code -3%}, {@code n/a}, {@code -}, or an estimate as
   * the sweep summaries write it ({@code 12.5 ± 0.4 (n=3)}, {@code 0.3 [0.0, 0.8] (n=3)}).
   */
  private static final String NUMBER = "[-+]?[0-9.,]+%?( ± [0-9.,]+%?| \\[[-+]?[0-9.,]+%?, "
      + "[-+]?[0-9.,]+%?\\])?( \\(n=[0-9]+\\))?|n/a|-";
  private final List<String> headers;
  private final List<List<String>> rows = new ArrayList<>();

  /** A table with these column headers. */
  public TextTable(String... headers) {
    this.headers = List.of(headers);
  }

  /** Adds a row; it must have one cell per column. */
  public TextTable row(Object... cells) {
    checkArgument(cells.length == headers.size(), "expected %s cells, got %s", headers.size(),
        cells.length);
    rows.add(Arrays.stream(cells).map(String::valueOf).toList());
    return this;
  }

  /** The table as lines of text, header first, then a rule, then the rows. */
  public String render() {
    int n = headers.size();
    int[] widths = new int[n];
    boolean[] numeric = new boolean[n];
    Arrays.fill(numeric, true);
    for (int c = 0; c < n; c++) {
      widths[c] = headers.get(c).length();
    }
    for (List<String> row : rows) {
      for (int c = 0; c < n; c++) {
        widths[c] = Math.max(widths[c], row.get(c).length());
        if (!row.get(c).matches(NUMBER)) {
          numeric[c] = false;
        }
      }
    }
    StringBuilder sb = new StringBuilder();
    line(sb, headers, widths, numeric);
    for (int c = 0; c < n; c++) {
      sb.append("-".repeat(widths[c])).append(c == n - 1 ? "\n" : "  ");
    }
    for (List<String> row : rows) {
      line(sb, row, widths, numeric);
    }
    return sb.toString();
  }

  private static void line(StringBuilder sb, List<String> cells, int[] widths, boolean[] numeric) {
    for (int c = 0; c < cells.size(); c++) {
      String cell = cells.get(c);
      String pad = " ".repeat(widths[c] - cell.length());
      sb.append(numeric[c] ? pad + cell : cell + (c == cells.size() - 1 ? "" : pad));
      sb.append(c == cells.size() - 1 ? "\n" : "  ");
    }
  }
}
