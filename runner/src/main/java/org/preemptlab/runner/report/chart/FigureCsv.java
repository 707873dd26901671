package org.preemptlab.runner.report.chart;

import java.math.BigDecimal;
import org.preemptlab.runner.report.Csv;

/**
 * The numbers of a figure as CSV (RFC 4180, LF line ends), one row per point: {@code series},
 * {@code category} (bars), {@code x}, {@code y}, {@code ci_low}, {@code ci_high} (the 95%
 * interval drawn as the error bar), {@code defined} ({@code false}: drawn as {@code n/a}, {@code
 * y} empty), and the axis titles {@code x_title}, {@code y_title} as drawn (in words, not keys),
 * which carry the units the numbers are in. The column names are fixed and the series and
 * categories are the varied values (a duration as {@code 50 µs}), so a program reads it by
 * column.
 */
public final class FigureCsv {
  private FigureCsv() {}

  /** The CSV of {@code figure}. */
  public static String of(Figure figure) {
    StringBuilder sb = new StringBuilder("series,category,x,y,ci_low,ci_high,defined,x_title,"
        + "y_title\n");
    for (Figure.Series s : figure.series()) {
      for (Figure.Point p : s.points()) {
        sb.append(Csv.quote(s.name())).append(',').append(Csv.quote(p.category())).append(',')
            .append(number(p.x())).append(',').append(number(p.y())).append(',')
            .append(p.hasError() ? number(p.low()) : "").append(',')
            .append(p.hasError() ? number(p.high()) : "").append(',').append(p.defined())
            .append(',').append(Csv.quote(figure.xTitle())).append(',')
            .append(Csv.quote(figure.yTitle())).append('\n');
      }
    }
    return sb.toString();
  }

  /** A number exactly, without exponent or trailing zeros; empty for NaN. */
  static String number(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return "";
    }
    String text = BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    return text.equals("-0") ? "0" : text;
  }
}
