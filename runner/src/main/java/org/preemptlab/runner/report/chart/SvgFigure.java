package org.preemptlab.runner.report.chart;

import java.awt.Color;
import java.util.List;
import java.util.Locale;

/**
 * Writes a {@link Figure} as SVG with its text as {@code <text>} elements (searchable, selectable,
 * restyled by a journal's fonts), in the style of {@link XChartFigure}: the same palette, dash
 * patterns, markers and fills. Output depends on the figure only, so it is byte-identical from run
 * to run.
 */
public final class SvgFigure {
  private static final int LEFT = 90;
  private static final int TOP = 48;
  private static final double CHAR = 7.2; // approximate width of a 13px sans-serif character

  private final Figure figure;
  private final StringBuilder sb = new StringBuilder();
  private double plotLeft;
  private double plotRight;
  private double plotTop;
  private double plotBottom;
  private double[] xRange;
  private double[] yRange;

  private SvgFigure(Figure figure) {
    this.figure = figure;
  }

  /** The figure as an SVG document. */
  public static String of(Figure figure) {
    return new SvgFigure(figure).render();
  }

  private String render() {
    int width = ChartStyle.WIDTH;
    int height = ChartStyle.HEIGHT;
    boolean rotate = figure.kind() == Figure.Kind.BARS && figure.categories().size() > 4;
    double legendHeight = legendHeight();
    plotLeft = LEFT;
    plotRight = width - 30;
    plotTop = TOP;
    plotBottom = height - legendHeight - (rotate ? 160 : 70);
    sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width)
        .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width)
        .append(' ').append(height).append("\" font-family=\"DejaVu Sans, Helvetica, Arial, "
            + "sans-serif\" font-size=\"13\">\n")
        .append("<title>").append(escape(figure.title())).append("</title>\n")
        .append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
    text(width / 2.0, 26, figure.title(), "middle", "font-size=\"15\" font-weight=\"bold\"");
    yRange = yRange();
    if (figure.kind() == Figure.Kind.BARS) {
      gridY();
      bars(rotate);
    } else {
      xRange = xRange();
      gridX();
      gridY();
      lines();
    }
    sb.append(String.format(Locale.ROOT,
        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
            + "stroke=\"#000000\"/>%n", plotLeft, plotTop, plotRight - plotLeft,
        plotBottom - plotTop));
    text((plotLeft + plotRight) / 2, plotBottom + (rotate ? 132 : 44), figure.xTitle(),
        "middle", "font-size=\"14\"");
    sb.append(String.format(Locale.ROOT, "<text x=\"0\" y=\"0\" transform=\"translate(20 %.1f) "
        + "rotate(-90)\" text-anchor=\"middle\" font-size=\"14\">%s</text>%n",
        (plotTop + plotBottom) / 2, escape(figure.yTitle())));
    legend(height - legendHeight - 10);
    return sb.append("</svg>\n").toString();
  }

  // ---- scales

  private double[] yRange() {
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
    if (hi == lo) {
      hi = lo + 1;
    }
    double step = niceStep(hi - lo);
    return new double[] {Math.floor(lo / step) * step, Math.ceil(hi * 1.02 / step) * step};
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

  private double sx(double x) {
    return plotLeft + (x - xRange[0]) / (xRange[1] - xRange[0]) * (plotRight - plotLeft);
  }

  private double sy(double y) {
    return plotBottom - (y - yRange[0]) / (yRange[1] - yRange[0]) * (plotBottom - plotTop);
  }

  private void gridY() {
    double step = figure.yFrom0To1() ? 0.2 : niceStep(yRange[1] - yRange[0]);
    for (double v = yRange[0]; v <= yRange[1] + step * 1e-9; v += step) {
      double y = sy(v);
      line(plotLeft, y, plotRight, y, "#dddddd", 0.8, "");
      text(plotLeft - 6, y + 4.5, tick(v, step), "end", "");
    }
  }

  private void gridX() {
    double step = niceStep(xRange[1] - xRange[0]);
    for (double v = xRange[0]; v <= xRange[1] + step * 1e-9; v += step) {
      double x = sx(v);
      line(x, plotTop, x, plotBottom, "#dddddd", 0.8, "");
      text(x, plotBottom + 18, tick(v, step), "middle", "");
    }
  }

  private static String tick(double value, double step) {
    int decimals = Math.max(0, (int) Math.ceil(-Math.log10(step) - 1e-9));
    if (step * Math.pow(10, decimals) % 1 != 0) {
      decimals++;
    }
    String text = String.format(Locale.ROOT, "%,." + decimals + "f", Math.abs(value) < 1e-12 ? 0
        : value);
    return text;
  }

  // ---- series

  private void lines() {
    List<Figure.Series> series = figure.series();
    for (int i = 0; i < series.size(); i++) {
      List<Figure.Point> points = series.get(i).points().stream().filter(Figure.Point::defined)
          .toList();
      if (points.isEmpty()) {
        continue;
      }
      StringBuilder d = new StringBuilder();
      if (figure.kind() == Figure.Kind.CDF) {
        d.append(String.format(Locale.ROOT, "M%.2f %.2f", sx(points.get(0).x()), sy(0)));
        for (Figure.Point p : points) {
          d.append(String.format(Locale.ROOT, "H%.2fV%.2f", sx(p.x()), sy(p.y())));
        }
      } else {
        for (int k = 0; k < points.size(); k++) {
          d.append(String.format(Locale.ROOT, "%s%.2f %.2f", k == 0 ? "M" : "L",
              sx(points.get(k).x()), sy(points.get(k).y())));
        }
      }
      Color colour = ChartStyle.lineColour(i);
      sb.append("<path d=\"").append(d).append("\" fill=\"none\" stroke=\"")
          .append(ChartStyle.hex(colour)).append("\" stroke-width=\"2\"")
          .append(dashAttribute(i)).append("/>\n");
      if (figure.kind() == Figure.Kind.CDF) {
        for (int k : XChartFigure.markerIndices(points.size())) {
          marker(ChartStyle.marker(i), sx(points.get(k).x()), sy(points.get(k).y()), colour);
        }
      } else {
        for (Figure.Point p : points) {
          if (p.hasError()) {
            errorBar(sx(p.x()), sy(p.low()), sy(p.high()));
          }
          marker(ChartStyle.marker(i), sx(p.x()), sy(p.y()), colour);
        }
      }
    }
  }

  private void bars(boolean rotate) {
    List<String> categories = figure.categories();
    List<Figure.Series> series = figure.series();
    double band = (plotRight - plotLeft) / categories.size();
    double barWidth = band * 0.8 / Math.max(1, series.size());
    for (int c = 0; c < categories.size(); c++) {
      double bandLeft = plotLeft + c * band;
      double labelX = bandLeft + band / 2;
      if (rotate) {
        sb.append(String.format(Locale.ROOT, "<text x=\"0\" y=\"0\" transform=\"translate(%.1f "
            + "%.1f) rotate(-30)\" text-anchor=\"end\">%s</text>%n", labelX, plotBottom + 16,
            escape(categories.get(c))));
      } else {
        text(labelX, plotBottom + 18, categories.get(c), "middle", "");
      }
      for (int i = 0; i < series.size(); i++) {
        String category = categories.get(c);
        Figure.Point p = series.get(i).points().stream()
            .filter(q -> q.category().equals(category)).findFirst().orElse(null);
        double x = bandLeft + band * 0.1 + i * barWidth;
        if (p == null || !p.defined()) {
          text(x + barWidth / 2, sy(yRange[0]) - 5, "n/a", "middle",
              "font-size=\"11\" font-style=\"italic\"");
          continue;
        }
        double top = sy(Math.max(p.y(), 0));
        double bottom = sy(Math.min(p.y(), 0));
        sb.append(String.format(Locale.ROOT, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
            + "height=\"%.2f\" fill=\"%s\" stroke=\"#000000\" stroke-width=\"0.8\"/>%n", x, top,
            barWidth, Math.max(0, bottom - top),
            ChartStyle.hex(ChartStyle.barFill(i, series.size()))));
        if (p.hasError()) {
          errorBar(x + barWidth / 2, sy(p.low()), sy(p.high()));
        }
      }
    }
  }

  private void errorBar(double x, double yLow, double yHigh) {
    line(x, yLow, x, yHigh, "#000000", 1.2, "");
    line(x - 4, yLow, x + 4, yLow, "#000000", 1.2, "");
    line(x - 4, yHigh, x + 4, yHigh, "#000000", 1.2, "");
  }

  private void marker(String shape, double x, double y, Color colour) {
    String fill = ChartStyle.hex(colour);
    double r = 4.5;
    switch (shape) {
      case "circle" -> sb.append(String.format(Locale.ROOT,
          "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.1f\" fill=\"%s\"/>%n", x, y, r, fill));
      case "square" -> sb.append(String.format(Locale.ROOT,
          "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>%n", x - r,
          y - r, 2 * r, 2 * r, fill));
      case "diamond" -> polygon(fill, x, y - r * 1.3, x + r * 1.3, y, x, y + r * 1.3,
          x - r * 1.3, y);
      case "triangle-up" -> polygon(fill, x, y - r * 1.3, x + r * 1.2, y + r, x - r * 1.2, y + r);
      case "triangle-down" -> polygon(fill, x, y + r * 1.3, x + r * 1.2, y - r, x - r * 1.2,
          y - r);
      default -> {
        line(x - r, y - r, x + r, y + r, fill, 2, "");
        line(x - r, y + r, x + r, y - r, fill, 2, "");
      }
    }
  }

  private void polygon(String fill, double... xy) {
    StringBuilder points = new StringBuilder();
    for (int k = 0; k < xy.length; k += 2) {
      points.append(k == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.2f,%.2f", xy[k],
          xy[k + 1]));
    }
    sb.append("<polygon points=\"").append(points).append("\" fill=\"").append(fill)
        .append("\"/>\n");
  }

  // ---- legend

  private double legendHeight() {
    return 34 + 20 * figure.series().size();
  }

  private double legendWidth() {
    double longest = figure.legendTitle().length();
    for (Figure.Series series : figure.series()) {
      longest = Math.max(longest, series.name().length() + 6);
    }
    return Math.min(ChartStyle.WIDTH - 2 * LEFT, Math.max(160, longest * CHAR + 20));
  }

  private void legend(double top) {
    List<Figure.Series> series = figure.series();
    double width = legendWidth();
    double left = (ChartStyle.WIDTH - width) / 2;
    double y = top + 4;
    sb.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
        + "height=\"%.1f\" fill=\"#ffffff\" stroke=\"#999999\"/>%n", left, y - 4, width,
        legendHeight() - 4));
    text(left + 8, y + 12, figure.legendTitle(), "start", "font-weight=\"bold\"");
    for (int i = 0; i < series.size(); i++) {
      double rowY = y + 32 + 20 * i;
      if (figure.kind() == Figure.Kind.BARS) {
        sb.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"24\" "
            + "height=\"12\" fill=\"%s\" stroke=\"#000000\" stroke-width=\"0.8\"/>%n", left + 8,
            rowY - 10, ChartStyle.hex(ChartStyle.barFill(i, series.size()))));
      } else {
        Color colour = ChartStyle.lineColour(i);
        sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
            + "y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"%s/>%n", left + 6, rowY - 4, left + 34,
            rowY - 4, ChartStyle.hex(colour), dashAttribute(i)));
        marker(ChartStyle.marker(i), left + 20, rowY - 4, colour);
      }
      text(left + 42, rowY, series.get(i).name(), "start", "");
    }
  }

  // ---- primitives

  private String dashAttribute(int i) {
    float[] dash = ChartStyle.dash(i);
    if (dash.length == 0) {
      return "";
    }
    StringBuilder sbDash = new StringBuilder(" stroke-dasharray=\"");
    for (int k = 0; k < dash.length; k++) {
      sbDash.append(k == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.0f", dash[k]));
    }
    return sbDash.append('"').toString();
  }

  private void line(double x1, double y1, double x2, double y2, String colour, double width,
      String extra) {
    sb.append(String.format(Locale.ROOT, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
        + "stroke=\"%s\" stroke-width=\"%.1f\"%s/>%n", x1, y1, x2, y2, colour, width, extra));
  }

  private void text(double x, double y, String text, String anchor, String extra) {
    sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>%s"
        + "</text>%n", x, y, anchor, extra.isEmpty() ? "" : " " + extra, escape(text)));
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
