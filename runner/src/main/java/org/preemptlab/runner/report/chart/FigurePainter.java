package org.preemptlab.runner.report.chart;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.preemptlab.runner.report.chart.Canvas.Anchor;

/**
 * Lays a {@link Figure} out once and draws it on any {@link Canvas}: the SVG, the PNG and the PDF
 * of one figure are drawn by the same code from the same layout, so they show the same axis ranges,
 * ticks, marks and legend. The layout never lets the legend or the labels eat the plot area: the
 * legend sits outside the plot (below in columns, or right), and the canvas grows taller when the
 * legend, the rotated category labels or the bars of a horizontal chart need more room than
 * {@link ChartOptions#height()} leaves.
 */
final class FigurePainter {
  private static final double TOP = 48;
  private static final double FONT = 13;
  /** Approximate width of a 13 px sans-serif character, used for every layout decision. */
  private static final double CHAR = 7.2;
  private static final double ROW = 20;
  private static final double SWATCH = 42;
  private static final double MIN_BAR = 10;
  private static final Color GRID = new Color(0xDDDDDD);

  private final Figure figure;
  private final ChartOptions.Legend legendPlace;
  private final boolean horizontal;
  private final boolean rotate;
  private final List<String> legendLabels = new ArrayList<>();
  private final int legendColumns;
  private final double legendEntryWidth;
  private final double legendHeight;
  private final double legendWidthRight;
  /** The canvas size. */
  final int width;
  final int height;
  /** The plot area. */
  final double plotLeft;
  final double plotRight;
  final double plotTop;
  final double plotBottom;
  private final double[] valueRange;
  private final double[] xRange;

  FigurePainter(Figure figure, ChartOptions options) {
    this.figure = figure;
    width = options.width();
    boolean bars = figure.kind() == Figure.Kind.BARS;
    int barCount = figure.categories().size() * Math.max(1, figure.series().size());
    horizontal = bars && (options.bars() == ChartOptions.Bars.HORIZONTAL
        || options.bars() == ChartOptions.Bars.AUTO && (figure.categories().size() > 12
            || barCount > 24));
    rotate = bars && !horizontal && figure.categories().size() > 4;

    // margins around the plot area
    double categoryLabels = 0;
    for (String c : figure.categories()) {
      categoryLabels = Math.max(categoryLabels, c.length() * CHAR);
    }
    double left;
    double bottom;
    if (horizontal) {
      left = 34 + Math.min(width * 0.4, categoryLabels) + 8;
      bottom = 56;
    } else {
      left = 90;
      bottom = rotate ? Math.min(220, categoryLabels * 0.5 + 24) + 30 : 56;
    }
    // the legend: only when it tells series apart; right of the plot only if the plot keeps
    // at least 40% of the width there
    boolean legend = figure.series().size() > 1;
    double longest = 0;
    for (Figure.Series s : figure.series()) {
      longest = Math.max(longest, s.name().length() * CHAR);
    }
    double rightWidth = Math.max(SWATCH + Math.min(longest, width * 0.3 - SWATCH - 14) + 14,
        figure.legendTitle().length() * CHAR + 16);
    legendPlace = options.legend() == ChartOptions.Legend.RIGHT
        && width - 30 - rightWidth - 16 - left >= width * 0.4
            ? ChartOptions.Legend.RIGHT : ChartOptions.Legend.BELOW;
    double maxLabel = width * (legendPlace == ChartOptions.Legend.RIGHT ? 0.3 : 0.9) - SWATCH
        - 14;
    longest = 0;
    if (legend) {
      for (Figure.Series s : figure.series()) {
        String label = fit(s.name(), maxLabel);
        legendLabels.add(label);
        longest = Math.max(longest, label.length() * CHAR);
      }
    }
    legendEntryWidth = SWATCH + longest + 14;
    double legendTitleHeight = figure.legendTitle().isEmpty() ? 0 : 22;
    if (!legend) {
      legendColumns = 0;
      legendHeight = 0;
      legendWidthRight = 0;
    } else if (legendPlace == ChartOptions.Legend.RIGHT) {
      legendColumns = 1;
      legendWidthRight = Math.max(legendEntryWidth, figure.legendTitle().length() * CHAR + 16);
      legendHeight = legendTitleHeight + ROW * figure.series().size() + 12;
    } else {
      legendColumns = (int) Math.max(1, Math.min(figure.series().size(),
          Math.floor((width - 40) / legendEntryWidth)));
      legendWidthRight = 0;
      legendHeight = legendTitleHeight + ROW * rows(figure.series().size(), legendColumns) + 12;
    }

    double below = legendPlace == ChartOptions.Legend.BELOW ? legendHeight + 10 : 10;
    double plotHeight = options.height() - TOP - bottom - below;
    double least = options.height() * 0.5;
    if (horizontal) {
      least = Math.max(least, figure.categories().size()
          * (Math.max(1, figure.series().size()) * MIN_BAR / 0.8));
    }
    if (legendPlace == ChartOptions.Legend.RIGHT) {
      least = Math.max(least, legendHeight);
    }
    plotHeight = Math.max(plotHeight, least);
    height = (int) Math.ceil(TOP + plotHeight + bottom + below);
    plotLeft = left;
    plotRight = width - 30 - (legendWidthRight > 0 ? legendWidthRight + 16 : 0);
    plotTop = TOP;
    plotBottom = TOP + plotHeight;
    valueRange = valueRange();
    xRange = bars ? null : xRange();
  }

  /** {@code text} cut to about {@code room} pixels, with an ellipsis. */
  private static String fit(String text, double room) {
    int chars = (int) Math.max(8, Math.floor(room / CHAR));
    return text.length() <= chars ? text : text.substring(0, chars - 1) + "…";
  }

  private static int rows(int entries, int columns) {
    return (entries + columns - 1) / columns;
  }

  // ---- scales

  private double[] valueRange() {
    if (figure.yFrom0To1()) {
      return new double[] {0, 1};
    }
    double lo = 0;
    double hi = 0;
    for (Figure.Series s : figure.series()) {
      for (Figure.Point p : s.points()) {
        if (p.defined()) {
          lo = Math.min(lo, p.hasError() ? p.low() : p.y());
          hi = Math.max(hi, p.hasError() ? p.high() : p.y());
        }
      }
    }
    lo = Math.max(lo, figure.lowerBound());
    if (hi <= lo) {
      hi = lo + 1;
    }
    double step = niceStep(hi - lo);
    double from = Math.max(figure.lowerBound(), Math.floor(lo / step) * step);
    double to = Math.ceil(hi * 1.02 / step) * step;
    if (to > figure.upperBound() && hi <= figure.upperBound()) {
      to = figure.upperBound();
    }
    return new double[] {from, to};
  }

  private double[] xRange() {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (Figure.Series s : figure.series()) {
      for (Figure.Point p : s.points()) {
        if (p.defined()) {
          lo = Math.min(lo, p.x());
          hi = Math.max(hi, p.x());
        }
      }
    }
    if (lo > hi) {
      return new double[] {0, 1};
    }
    if (figure.kind() == Figure.Kind.CDF && lo >= 0) {
      lo = 0;
    }
    if (hi == lo) {
      hi = lo + 1;
    }
    double step = niceStep(hi - lo);
    return new double[] {Math.floor(lo / step) * step, Math.ceil(hi / step) * step};
  }

  /** A step of 1, 2, 2.5 or 5 times a power of ten giving about six intervals. */
  static double niceStep(double range) {
    double raw = range / 6;
    double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
    for (double m : new double[] {1, 2, 2.5, 5, 10}) {
      if (m * magnitude >= raw) {
        return m * magnitude;
      }
    }
    return 10 * magnitude;
  }

  private static String tick(double value, double step) {
    int decimals = Math.max(0, (int) Math.ceil(-Math.log10(step) - 1e-9));
    if (step * Math.pow(10, decimals) % 1 != 0) {
      decimals++;
    }
    return String.format(Locale.ROOT, "%,." + decimals + "f", Math.abs(value) < 1e-12 ? 0 : value);
  }

  /** The value axis range (y, or x for horizontal bars). */
  double[] valueAxis() {
    return valueRange.clone();
  }

  private double sx(double x) {
    return plotLeft + (x - xRange[0]) / (xRange[1] - xRange[0]) * (plotRight - plotLeft);
  }

  private double sy(double y) {
    return plotBottom - (y - valueRange[0]) / (valueRange[1] - valueRange[0])
        * (plotBottom - plotTop);
  }

  /** A value's position along the value axis of a horizontal bar chart. */
  private double sv(double v) {
    return plotLeft + (v - valueRange[0]) / (valueRange[1] - valueRange[0])
        * (plotRight - plotLeft);
  }

  private double clip(double v) {
    return Math.max(valueRange[0], Math.min(valueRange[1], v));
  }

  // ---- drawing

  /** Draws the figure on {@code canvas}. */
  void paint(Canvas c) {
    c.text(width / 2.0, 26, figure.title(), Anchor.MIDDLE, 15, true, false, 0);
    if (figure.kind() == Figure.Kind.BARS) {
      if (horizontal) {
        gridValueX(c);
        horizontalBars(c);
      } else {
        gridValueY(c);
        verticalBars(c);
      }
    } else {
      gridX(c);
      gridValueY(c);
      lines(c);
    }
    c.begin("plot-area", 0, 0);
    c.rect(plotLeft, plotTop, plotRight - plotLeft, plotBottom - plotTop, null, Color.BLACK, 1);
    c.end();
    boolean undefined = figure.series().stream().flatMap(s -> s.points().stream())
        .anyMatch(p -> !p.defined());
    String valueTitle = figure.yTitle();
    String otherTitle = figure.xTitle();
    if (figure.kind() == Figure.Kind.BARS && undefined) {
      otherTitle = otherTitle + (otherTitle.isEmpty() ? "" : "  ·  ") + "n/a: undefined there";
    }
    if (horizontal) {
      c.text((plotLeft + plotRight) / 2, plotBottom + 44, valueTitle, Anchor.MIDDLE, 14, false,
          false, 0);
      c.text(16, (plotTop + plotBottom) / 2, otherTitle, Anchor.MIDDLE, 14, false, false, -90);
    } else {
      double below = rotate ? Math.min(220, maxCategoryChars() * CHAR * 0.5 + 24) + 22 : 44;
      c.text((plotLeft + plotRight) / 2, plotBottom + below, otherTitle, Anchor.MIDDLE, 14,
          false, false, 0);
      c.text(20, (plotTop + plotBottom) / 2, valueTitle, Anchor.MIDDLE, 14, false, false, -90);
    }
    legend(c);
  }

  private int maxCategoryChars() {
    return figure.categories().stream().mapToInt(String::length).max().orElse(0);
  }

  private void gridValueY(Canvas c) {
    double step = figure.yFrom0To1() ? 0.2 : niceStep(valueRange[1] - valueRange[0]);
    for (double v = valueRange[0]; v <= valueRange[1] + step * 1e-9; v += step) {
      double y = sy(v);
      c.line(plotLeft, y, plotRight, y, GRID, 0.8, new float[0]);
      c.text(plotLeft - 6, y + 4.5, tick(v, step), Anchor.END, FONT, false, false, 0);
    }
  }

  private void gridValueX(Canvas c) {
    double step = niceStep(valueRange[1] - valueRange[0]);
    for (double v = valueRange[0]; v <= valueRange[1] + step * 1e-9; v += step) {
      double x = sv(v);
      c.line(x, plotTop, x, plotBottom, GRID, 0.8, new float[0]);
      c.text(x, plotBottom + 18, tick(v, step), Anchor.MIDDLE, FONT, false, false, 0);
    }
  }

  private void gridX(Canvas c) {
    double step = niceStep(xRange[1] - xRange[0]);
    for (double v = xRange[0]; v <= xRange[1] + step * 1e-9; v += step) {
      double x = sx(v);
      c.line(x, plotTop, x, plotBottom, GRID, 0.8, new float[0]);
      c.text(x, plotBottom + 18, tick(v, step), Anchor.MIDDLE, FONT, false, false, 0);
    }
  }

  private void lines(Canvas c) {
    List<Figure.Series> series = figure.series();
    for (int i = 0; i < series.size(); i++) {
      List<Figure.Point> points = series.get(i).points().stream().filter(Figure.Point::defined)
          .toList();
      if (points.isEmpty()) {
        continue;
      }
      Color colour = ChartStyle.lineColour(i);
      List<Double> xy = new ArrayList<>();
      if (figure.kind() == Figure.Kind.CDF) {
        double y = sy(0);
        xy.add(sx(points.get(0).x()));
        xy.add(y);
        for (Figure.Point p : points) {
          xy.add(sx(p.x()));
          xy.add(y);
          y = sy(p.y());
          xy.add(sx(p.x()));
          xy.add(y);
        }
      } else {
        for (Figure.Point p : points) {
          xy.add(sx(p.x()));
          xy.add(sy(p.y()));
        }
      }
      c.begin("series", 0, 0);
      c.polyline(xy.stream().mapToDouble(Double::doubleValue).toArray(), colour, 2,
          ChartStyle.dash(i));
      if (figure.kind() == Figure.Kind.CDF) {
        for (int k : markerIndices(points.size())) {
          marker(c, ChartStyle.marker(i), sx(points.get(k).x()), sy(points.get(k).y()), colour);
        }
      } else {
        for (Figure.Point p : points) {
          if (p.hasError()) {
            errorBar(c, new double[] {sx(p.x()), sy(clip(p.low())), sx(p.x()),
                sy(clip(p.high()))}, 4, colour, false);
          }
          marker(c, ChartStyle.marker(i), sx(p.x()), sy(p.y()), colour);
        }
      }
      c.end();
    }
  }

  /** Markers drawn along each CDF curve. */
  static final int CDF_MARKERS = 8;

  /** Evenly spaced indices along a curve of {@code n} points. */
  static int[] markerIndices(int n) {
    int count = Math.min(n, CDF_MARKERS);
    return java.util.stream.IntStream.range(0, count)
        .map(k -> (int) Math.round((k + 0.5) * (n - 1) / count)).distinct().toArray();
  }

  private Figure.Point point(Figure.Series s, String category) {
    return s.points().stream().filter(q -> q.category().equals(category)).findFirst()
        .orElse(null);
  }

  private void verticalBars(Canvas c) {
    List<String> categories = figure.categories();
    List<Figure.Series> series = figure.series();
    double band = (plotRight - plotLeft) / categories.size();
    double barWidth = band * 0.8 / Math.max(1, series.size());
    for (int k = 0; k < categories.size(); k++) {
      double bandLeft = plotLeft + k * band;
      String label = fit(categories.get(k), 440);
      if (rotate) {
        c.text(bandLeft + band / 2 + 4, plotBottom + 14, label, Anchor.END, FONT, false, false,
            -30);
      } else {
        c.text(bandLeft + band / 2, plotBottom + 18, label, Anchor.MIDDLE, FONT, false, false, 0);
      }
      for (int i = 0; i < series.size(); i++) {
        Figure.Point p = point(series.get(i), categories.get(k));
        double x = bandLeft + band * 0.1 + i * barWidth;
        if (p == null || !p.defined()) {
          c.text(x + barWidth / 2, sy(valueRange[0]) - 5, "n/a", Anchor.MIDDLE, 11, false, true,
              0);
          continue;
        }
        double top = sy(clip(Math.max(p.y(), 0)));
        double bottom = sy(clip(Math.min(p.y(), 0)));
        c.begin("bar", 0, 0);
        bar(c, i, x, top, barWidth, Math.max(0, bottom - top));
        c.end();
        if (p.hasError()) {
          errorBar(c, new double[] {x + barWidth / 2, sy(clip(p.low())), x + barWidth / 2,
              sy(clip(p.high()))}, 4, ChartStyle.barFill(i), true);
        }
      }
    }
  }

  private void horizontalBars(Canvas c) {
    List<String> categories = figure.categories();
    List<Figure.Series> series = figure.series();
    double band = (plotBottom - plotTop) / categories.size();
    double barHeight = band * 0.8 / Math.max(1, series.size());
    for (int k = 0; k < categories.size(); k++) {
      double bandTop = plotTop + k * band;
      c.text(plotLeft - 6, bandTop + band / 2 + 4.5, fit(categories.get(k), width * 0.4),
          Anchor.END, FONT, false, false, 0);
      for (int i = 0; i < series.size(); i++) {
        Figure.Point p = point(series.get(i), categories.get(k));
        double y = bandTop + band * 0.1 + i * barHeight;
        if (p == null || !p.defined()) {
          c.text(sv(valueRange[0]) + 4, y + barHeight / 2 + 4, "n/a", Anchor.START, 11, false,
              true, 0);
          continue;
        }
        double from = sv(clip(Math.min(p.y(), 0)));
        double to = sv(clip(Math.max(p.y(), 0)));
        c.begin("bar", 0, 0);
        bar(c, i, from, y, Math.max(0, to - from), barHeight);
        c.end();
        if (p.hasError()) {
          double mid = y + barHeight / 2;
          double cap = Math.min(4, barHeight / 2);
          double lo = sv(clip(p.low()));
          double hi = sv(clip(p.high()));
          errorBar(c, new double[] {lo, mid, hi, mid}, cap, ChartStyle.barFill(i), true);
        }
      }
    }
  }

  /** A bar of series {@code i}: its fill, its hatch, a black outline. */
  private static void bar(Canvas c, int i, double x, double y, double w, double h) {
    Color fill = ChartStyle.barFill(i);
    c.rect(x, y, w, h, fill, null, 0);
    hatch(c, ChartStyle.hatch(i), x, y, w, h, ChartStyle.lightness(fill) < 0.45 ? Color.WHITE
        : Color.BLACK);
    c.rect(x, y, w, h, null, Color.BLACK, 0.8);
  }

  /** Hatch lines 6 px apart inside the rectangle, clipped to it. */
  private static void hatch(Canvas c, String pattern, double x, double y, double w, double h,
      Color colour) {
    double gap = 6;
    float[] solid = new float[0];
    boolean up = pattern.equals("diagonal-up") || pattern.equals("cross");
    boolean down = pattern.equals("diagonal-down") || pattern.equals("cross");
    if (pattern.equals("horizontal")) {
      for (double v = y + gap / 2; v < y + h; v += gap) {
        c.line(x, v, x + w, v, colour, 0.8, solid);
      }
    }
    if (pattern.equals("vertical")) {
      for (double u = x + gap / 2; u < x + w; u += gap) {
        c.line(u, y, u, y + h, colour, 0.8, solid);
      }
    }
    if (up) { // lines u + v = k (rising to the right on screen)
      for (double k = x + y + gap / 2; k < x + w + y + h; k += gap) {
        double ua = Math.max(x, k - (y + h));
        double ub = Math.min(x + w, k - y);
        if (ub > ua) {
          c.line(ua, k - ua, ub, k - ub, colour, 0.8, solid);
        }
      }
    }
    if (down) { // lines u - v = k
      for (double k = x - (y + h) + gap / 2; k < x + w - y; k += gap) {
        double ua = Math.max(x, k + y);
        double ub = Math.min(x + w, k + y + h);
        if (ub > ua) {
          c.line(ua, ua - k, ub, ub - k, colour, 0.8, solid);
        }
      }
    }
  }

  /**
   * An error bar in its series' {@code colour}: the interval's segment {@code s} = {x1, y1, x2,
   * y2} (vertical or horizontal) with caps of half-length {@code cap} at both ends, in group
   * {@code error-bar}. {@code edged} (over a bar filled with the same colour) draws a black edge
   * under it first (group {@code error-bar-edge}), so that it shows on its own bar and on white.
   */
  private static void errorBar(Canvas c, double[] s, double cap, Color colour, boolean edged) {
    boolean vertical = s[0] == s[2];
    double[][] lines = vertical
        ? new double[][] {s, {s[0] - cap, s[1], s[0] + cap, s[1]}, {s[2] - cap, s[3], s[2] + cap,
            s[3]}}
        : new double[][] {s, {s[0], s[1] - cap, s[0], s[1] + cap}, {s[2], s[3] - cap, s[2],
            s[3] + cap}};
    float[] solid = new float[0];
    if (edged) {
      c.begin("error-bar-edge", 0, 0);
      for (double[] l : lines) {
        c.line(l[0], l[1], l[2], l[3], Color.BLACK, 3.4, solid);
      }
      c.end();
    }
    c.begin("error-bar", 0, 0);
    for (double[] l : lines) {
      c.line(l[0], l[1], l[2], l[3], colour, edged ? 1.6 : 1.4, solid);
    }
    c.end();
  }

  private static void marker(Canvas c, String shape, double x, double y, Color colour) {
    double r = 4.5;
    switch (shape) {
      case "circle" -> c.circle(x, y, r, colour);
      case "square" -> c.rect(x - r, y - r, 2 * r, 2 * r, colour, null, 0);
      case "diamond" -> c.polygon(new double[] {x, y - r * 1.3, x + r * 1.3, y, x, y + r * 1.3,
          x - r * 1.3, y}, colour);
      case "triangle-up" -> c.polygon(new double[] {x, y - r * 1.3, x + r * 1.2, y + r,
          x - r * 1.2, y + r}, colour);
      case "triangle-down" -> c.polygon(new double[] {x, y + r * 1.3, x + r * 1.2, y - r,
          x - r * 1.2, y - r}, colour);
      default -> {
        c.line(x - r, y - r, x + r, y + r, colour, 2, new float[0]);
        c.line(x - r, y + r, x + r, y - r, colour, 2, new float[0]);
      }
    }
  }

  // ---- legend

  private void legend(Canvas c) {
    List<Figure.Series> series = figure.series();
    if (legendColumns == 0) {
      return;
    }
    double left;
    double top;
    double boxWidth;
    if (legendPlace == ChartOptions.Legend.RIGHT) {
      boxWidth = legendWidthRight;
      left = width - 20 - boxWidth;
      top = plotTop;
    } else {
      boxWidth = Math.max(legendColumns * legendEntryWidth,
          figure.legendTitle().length() * CHAR + 16);
      left = (width - boxWidth) / 2;
      top = height - legendHeight - 6;
    }
    c.begin("legend", 0, 0);
    c.rect(left, top, boxWidth, legendHeight - 4, Color.WHITE, new Color(0x999999), 1);
    double firstRow = top + 20;
    if (!figure.legendTitle().isEmpty()) {
      c.text(left + 8, top + 16, figure.legendTitle(), Anchor.START, FONT, true, false, 0);
      firstRow += 22;
    }
    int rows = rows(series.size(), legendColumns);
    for (int i = 0; i < series.size(); i++) {
      int column = i / rows; // down the first column, then the next
      int row = i % rows;
      double x = left + column * legendEntryWidth;
      double y = firstRow + ROW * row;
      c.begin("legend-entry", x, y);
      if (figure.kind() == Figure.Kind.BARS) {
        bar(c, i, 8, -11, 26, 14);
      } else {
        Color colour = ChartStyle.lineColour(i);
        c.line(6, -4, 34, -4, colour, 2, ChartStyle.dash(i));
        marker(c, ChartStyle.marker(i), 20, -4, colour);
      }
      c.text(SWATCH, 0, legendLabels.get(i), Anchor.START, FONT, false, false, 0);
      c.end();
    }
    c.end();
  }
}
