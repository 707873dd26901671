package org.preemptlab.runner.report.chart;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.List;
import java.util.Objects;

/**
 * One chart, independent of how it is drawn.
 *
 * @param name the base file name, e.g. {@code turnaround-cdf_queue-video}
 * @param title the chart title
 * @param xTitle the x axis title with its unit, e.g. {@code turnaround (µs)}
 * @param yTitle the y axis title with its unit
 * @param legendTitle what the series are, e.g. {@code policy / preemption}
 * @param kind how the series are drawn
 * @param categories the x categories of a {@link Kind#BARS} chart, in order; empty otherwise
 * @param series the series, in legend order
 * @param yFrom0To1 whether the y axis spans exactly [0, 1] (a CDF)
 * @param lowerBound the smallest value the plotted quantity can take (display unit; {@code
 *     -Infinity} for none): no axis or error bar goes below it
 * @param upperBound the largest value it can take ({@code Infinity} for none)
 */
public record Figure(String name, String title, String xTitle, String yTitle,
    String legendTitle, Kind kind, List<String> categories, List<Series> series,
    boolean yFrom0To1, double lowerBound, double upperBound) {

  /** How a figure's series are drawn. */
  public enum Kind {
    /** Empirical CDFs: a right-continuous step function per series, ending at 1. */
    CDF,
    /** Lines through the points, with error bars. */
    LINES,
    /** Grouped bars per category, one bar per series, with error bars. */
    BARS
  }

  /** A figure of a quantity that is never negative. */
  public Figure(String name, String title, String xTitle, String yTitle, String legendTitle,
      Kind kind, List<String> categories, List<Series> series, boolean yFrom0To1) {
    this(name, title, xTitle, yTitle, legendTitle, kind, categories, series, yFrom0To1, 0,
        Double.POSITIVE_INFINITY);
  }

  /** Copies the lists, checks the categories of every bar and that no point leaves the bounds. */
  public Figure {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    checkArgument(lowerBound < upperBound, "bounds [%s, %s] are empty", lowerBound, upperBound);
    categories = List.copyOf(categories);
    series = List.copyOf(series);
    for (Series s : series) {
      for (Point p : s.points()) {
        checkArgument(!p.defined() || p.y() >= lowerBound - 1e-9 && p.y() <= upperBound + 1e-9
            && (!p.hasError() || p.low() >= lowerBound - 1e-9 && p.high() <= upperBound + 1e-9),
            "figure %s: point %s of %s leaves the bounds [%s, %s]", name, p, s.name(), lowerBound,
            upperBound);
      }
    }
    if (kind == Kind.BARS) {
      for (Series s : series) {
        for (Point p : s.points()) {
          checkArgument(categories.contains(p.category()), "unknown category %s", p.category());
        }
      }
    }
  }

  /**
   * One series.
   *
   * @param name its legend label
   * @param points its points, in x (or category) order
   */
  public record Series(String name, List<Point> points) {
    /** Copies the points. */
    public Series {
      points = List.copyOf(points);
    }
  }

  /**
   * One point; {@code y} is NaN where the value is undefined (drawn as {@code n/a}).
   *
   * @param category the bar's category, or empty
   * @param x the x value (display unit), or NaN for a bar
   * @param y the y value (display unit), NaN if undefined
   * @param low the lower end of its error bar, NaN without one
   * @param high the upper end of its error bar, NaN without one
   */
  public record Point(String category, double x, double y, double low, double high) {
    /** A point without an error bar. */
    public static Point of(double x, double y) {
      return new Point("", x, y, Double.NaN, Double.NaN);
    }

    /** Whether the value is defined. */
    public boolean defined() {
      return !Double.isNaN(y);
    }

    /** Whether it has an error bar. */
    public boolean hasError() {
      return defined() && !Double.isNaN(low) && !Double.isNaN(high);
    }
  }
}
