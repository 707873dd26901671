package org.preemptlab.runner.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws a {@link Figure} with XChart, as PNG and as PDF. A CDF is drawn as a step line per series
 * with a few markers along it (so that it is told apart in greyscale) and a y axis of exactly [0,
 * 1]; an undefined bar is left out, and the x axis title says so ({@code no bar: n/a}).
 */
public final class XChartFigure {
  private static final Font BASE = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
  private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 15);
  private static final Color GRID = new Color(0xDDDDDD);
  /** Markers drawn along each CDF curve. */
  static final int CDF_MARKERS = 8;

  static {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  private XChartFigure() {}

  /** The figure as PNG bytes. */
  public static byte[] png(Figure figure) throws IOException {
    return BitmapEncoder.getBitmapBytes(chart(figure), BitmapEncoder.BitmapFormat.PNG);
  }

  /** The figure as PDF bytes. */
  public static byte[] pdf(Figure figure) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    VectorGraphicsEncoder.saveVectorGraphic(chart(figure), out,
        VectorGraphicsEncoder.VectorGraphicsFormat.PDF);
    return stableId(out.toByteArray());
  }

  /**
   * One element of a PDF file identifier: a hex string ({@code <...>}) or, when the library found
   * every byte of the random identifier printable, a literal string ({@code (...)}, with escapes).
   */
  private static final String ID_PART = "(<[0-9A-Fa-f]{32}>|\\((?:\\\\.|[^\\\\()])*\\))";

  private static final java.util.regex.Pattern FILE_ID =
      java.util.regex.Pattern.compile("/ID \\[" + ID_PART + " ?" + ID_PART + "\\]");

  /**
   * The PDF with its file identifier (random in each encoding) replaced by an MD5 of the content
   * before it, each part written in the same number of bytes as before so that every byte offset
   * stays valid: the same figure gives the same file.
   */
  static byte[] stableId(byte[] pdf) {
    String text = new String(pdf, java.nio.charset.StandardCharsets.ISO_8859_1);
    java.util.regex.Matcher m = FILE_ID.matcher(text);
    if (!m.find()) {
      return pdf;
    }
    String id;
    try {
      byte[] digest = java.security.MessageDigest.getInstance("MD5")
          .digest(java.util.Arrays.copyOf(pdf, m.start()));
      id = java.util.HexFormat.of().withUpperCase().formatHex(digest);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("MD5 is part of every JDK", e);
    }
    StringBuilder replaced = new StringBuilder(text.length()).append(text, 0, m.start(1));
    replaced.append(sameLength(m.group(1), id)).append(text, m.end(1), m.start(2))
        .append(sameLength(m.group(2), id)).append(text, m.end(2), text.length());
    return replaced.toString().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
  }

  /** {@code id}'s hex digits in place of {@code part}'s content, in as many bytes as it had. */
  private static String sameLength(String part, String id) {
    int inner = part.length() - 2;
    String digits = id.repeat(inner / id.length() + 1).substring(0, inner);
    return part.charAt(0) + digits + part.charAt(part.length() - 1);
  }

  /** The XChart chart of {@code figure}. */
  static Chart<?, ?> chart(Figure figure) {
    return figure.kind() == Figure.Kind.BARS ? bars(figure) : lines(figure);
  }

  private static void style(AxesChartStyler s) {
    s.setBaseFont(BASE);
    s.setChartTitleFont(TITLE);
    s.setChartTitleBoxVisible(false);
    s.setChartBackgroundColor(Color.WHITE);
    s.setPlotBackgroundColor(Color.WHITE);
    s.setPlotBorderVisible(true);
    s.setPlotBorderColor(Color.BLACK);
    s.setPlotGridLinesColor(GRID);
    s.setPlotGridLinesStroke(new BasicStroke(0.8f));
    s.setLegendBackgroundColor(Color.WHITE);
    s.setLegendBorderColor(new Color(0x999999));
    s.setLegendPosition(Styler.LegendPosition.OutsideS);
    s.setLegendLayout(Styler.LegendLayout.Vertical);
    s.setLegendFont(BASE);
    s.setAxisTitleFont(BASE.deriveFont(Font.PLAIN, 14f));
    s.setAxisTickLabelsFont(BASE);
    s.setChartFontColor(Color.BLACK);
    s.setAxisTickLabelsColor(Color.BLACK);
    s.setAntiAlias(true);
    s.setErrorBarsColorSeriesColor(false);
    s.setErrorBarsColor(Color.BLACK);
    s.setAnnotationTextFont(BASE.deriveFont(Font.ITALIC));
    s.setAnnotationTextFontColor(Color.BLACK);
    s.setToolTipsEnabled(false);
  }

  private static XYChart lines(Figure figure) {
    XYChart chart = new XYChartBuilder().width(ChartStyle.WIDTH).height(ChartStyle.HEIGHT)
        .title(figure.title()).xAxisTitle(figure.xTitle()).yAxisTitle(figure.yTitle()).build();
    style(chart.getStyler());
    chart.getStyler().setMarkerSize(8);
    if (figure.yFrom0To1()) {
      chart.getStyler().setYAxisMin(0.0).setYAxisMax(1.0);
      chart.getStyler().setYAxisDecimalPattern("0.0");
    }
    double[] first = firstPoint(figure);
    if (first != null) {
      // An invisible first series: it carries the legend title, and its y values (not equally
      // spaced) keep XChart from placing the y ticks at the data values, which it does when all
      // values are equally spaced and which labels k/n CDF values with rounded numbers (a CDF
      // then appears to end at 1.03).
      double[] ys = figure.yFrom0To1() ? new double[] {0.0, 1.0, 0.5}
          : new double[] {first[1], first[1], first[2]};
      XYSeries anchor = chart.addSeries(figure.legendTitle().isEmpty() ? " " : figure.legendTitle(),
          new double[] {first[0], first[0], first[0]}, ys);
      anchor.setMarker(SeriesMarkers.NONE);
      anchor.setLineStyle(SeriesLines.NONE);
      anchor.setLineColor(Color.WHITE);
      anchor.setMarkerColor(Color.WHITE);
      anchor.setShowInLegend(!figure.legendTitle().isEmpty());
    }
    List<Figure.Series> series = figure.series();
    for (int i = 0; i < series.size(); i++) {
      Figure.Series s = series.get(i);
      List<Figure.Point> defined = s.points().stream().filter(Figure.Point::defined).toList();
      if (defined.isEmpty()) {
        continue;
      }
      double[] x = defined.stream().mapToDouble(Figure.Point::x).toArray();
      double[] y = defined.stream().mapToDouble(Figure.Point::y).toArray();
      Color colour = ChartStyle.lineColour(i);
      Marker marker = marker(ChartStyle.marker(i));
      if (figure.kind() == Figure.Kind.CDF) {
        XYSeries line = chart.addSeries(" " + s.name() + " (curve)", x, y);
        line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Step);
        line.setMarker(SeriesMarkers.NONE);
        line.setLineColor(colour);
        line.setLineStyle(ChartStyle.stroke(i));
        line.setShowInLegend(false);
        int[] at = markerIndices(x.length);
        XYSeries marks = chart.addSeries(s.name(), pick(x, at), pick(y, at));
        marks.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        marks.setMarker(marker);
        marks.setMarkerColor(colour);
        marks.setLineColor(colour);
        marks.setLineStyle(ChartStyle.stroke(i));
      } else {
        double[] error = defined.stream().mapToDouble(p -> p.hasError() ? p.high() - p.y() : 0)
            .toArray();
        XYSeries line = chart.addSeries(s.name(), x, y, error);
        line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        line.setMarker(marker);
        line.setMarkerColor(colour);
        line.setLineColor(colour);
        line.setLineStyle(ChartStyle.stroke(i));
      }
    }
    return chart;
  }

  private static CategoryChart bars(Figure figure) {
    boolean undefined = figure.series().stream().flatMap(s -> s.points().stream())
        .anyMatch(p -> !p.defined());
    CategoryChart chart = new CategoryChartBuilder().width(ChartStyle.WIDTH)
        .height(ChartStyle.HEIGHT).title(figure.title())
        .xAxisTitle(figure.xTitle() + (undefined ? (figure.xTitle().isEmpty() ? "" : "  ·  ")
            + "no bar: n/a (undefined there)" : ""))
        .yAxisTitle(figure.yTitle()).build();
    style(chart.getStyler());
    chart.getStyler().setXAxisLabelRotation(figure.categories().size() > 4 ? 30 : 0);
    chart.getStyler().setYAxisMin(0.0);
    List<Figure.Series> series = figure.series();
    for (int i = 0; i < series.size(); i++) {
      Figure.Series s = series.get(i);
      List<Double> y = new ArrayList<>();
      List<Double> error = new ArrayList<>();
      for (String category : figure.categories()) {
        Figure.Point p = s.points().stream().filter(q -> q.category().equals(category))
            .findFirst().orElse(null);
        boolean defined = p != null && p.defined();
        // NaN, not null: XChart's range finder skips NaN but fails on null with error bars,
        // and its bar painter draws nothing for a NaN bar
        y.add(defined ? p.y() : Double.NaN);
        error.add(defined && p.hasError() ? p.high() - p.y() : defined ? 0.0 : Double.NaN);
      }
      CategorySeries bar = chart.addSeries(s.name(), figure.categories(), y, error);
      bar.setFillColor(ChartStyle.barFill(i, series.size()));
      bar.setLineColor(Color.BLACK);
    }
    return chart;
  }

  /** The first defined point's x and y, and the largest defined y; null without one. */
  private static double[] firstPoint(Figure figure) {
    double[] first = null;
    for (Figure.Series s : figure.series()) {
      for (Figure.Point p : s.points()) {
        if (p.defined()) {
          if (first == null) {
            first = new double[] {p.x(), p.y(), p.y()};
          }
          first[2] = Math.max(first[2], p.y());
        }
      }
    }
    return first;
  }

  /** Evenly spaced indices along a curve of {@code n} points, staggered per series. */
  static int[] markerIndices(int n) {
    int count = Math.min(n, CDF_MARKERS);
    int[] at = new int[count];
    for (int k = 0; k < count; k++) {
      at[k] = (int) Math.round((k + 0.5) * (n - 1) / count);
    }
    return Arrays.stream(at).distinct().toArray();
  }

  private static double[] pick(double[] values, int[] at) {
    return Arrays.stream(at).mapToDouble(i -> values[i]).toArray();
  }

  private static Marker marker(String name) {
    return switch (name) {
      case "circle" -> SeriesMarkers.CIRCLE;
      case "square" -> SeriesMarkers.SQUARE;
      case "diamond" -> SeriesMarkers.DIAMOND;
      case "triangle-up" -> SeriesMarkers.TRIANGLE_UP;
      case "triangle-down" -> SeriesMarkers.TRIANGLE_DOWN;
      default -> SeriesMarkers.CROSS;
    };
  }
}
