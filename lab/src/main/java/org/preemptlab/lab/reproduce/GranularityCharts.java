package org.preemptlab.lab.reproduce;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.PieChart;
import org.knowm.xchart.PieChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The PNG charts of the seed-claims check, drawn with XChart. */
final class GranularityCharts {
  private static final int WIDTH = 720;
  private static final int HEIGHT = 420;
  private static final Color BAND = new Color(255, 200, 0, 70);

  private final Path directory;

  /** Writes charts into {@code directory}, creating it if needed. */
  GranularityCharts(Path directory) throws IOException {
    this.directory = Files.createDirectories(directory);
  }

  /** (a) p50 and p99 latency of each mechanism, on a logarithmic microsecond axis. */
  Path coarseVsFine(Map<String, LatencyStats> rows) throws IOException {
    CategoryChart chart = category("(a) Coarse vs fine preemption latency, same workload",
        "mechanism", "latency (us, log scale)");
    logarithmic(chart);
    List<String> names = List.copyOf(rows.keySet());
    chart.addSeries("p50", names, names.stream().map(n -> rows.get(n).p50Ns() / 1e3).toList());
    chart.addSeries("p99", names, names.stream().map(n -> rows.get(n).p99Ns() / 1e3).toList());
    return save(chart, "seed-granularity-a-coarse-vs-fine");
  }

  /**
   * (b) mean latency and execution overhead against the check interval N, both axes logarithmic in
   * N, with the 100-1,000 region shaded.
   */
  Path checkInterval(long[] intervals, double[] latencyUs, double[] overheadPercent)
      throws IOException {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
        .title("(b) Forced-check interval N: latency vs execution overhead")
        .xAxisTitle("check every N instructions (log scale)").yAxisTitle("mean latency (us)")
        .build();
    chart.getStyler().setXAxisLogarithmic(true);
    chart.getStyler().setXAxisDecimalPattern("#,###");
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideN);
    double top = 0;
    for (double v : latencyUs) {
      top = Math.max(top, v);
    }
    XYSeries band = chart.addSeries("N = 100-1,000", new double[] {100, 1000},
        new double[] {top * 1.05, top * 1.05});
    band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
    band.setFillColor(BAND);
    band.setLineColor(BAND);
    band.setMarker(SeriesMarkers.NONE);
    double[] x = java.util.Arrays.stream(intervals).asDoubleStream().toArray();
    XYSeries latency = chart.addSeries("latency (us)", x, latencyUs);
    latency.setMarker(SeriesMarkers.CIRCLE);
    latency.setLineColor(new Color(31, 119, 180));
    latency.setMarkerColor(new Color(31, 119, 180));
    XYSeries overhead = chart.addSeries("overhead (%)", x, overheadPercent);
    overhead.setYAxisGroup(1);
    overhead.setMarker(SeriesMarkers.SQUARE);
    overhead.setLineColor(new Color(214, 39, 40));
    overhead.setMarkerColor(new Color(214, 39, 40));
    chart.setYAxisGroupTitle(1, "execution overhead (%)");
    chart.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
    chart.addAnnotation(new AnnotationLine(100, true, false));
    chart.addAnnotation(new AnnotationLine(1000, true, false));
    chart.addAnnotation(new AnnotationText("100-1,000", 316, top * 0.97, false));
    return save(chart, "seed-granularity-b-check-interval");
  }

  /** (c) latency and overhead of each check placement, side by side. */
  Path checkPlacement(Map<String, LatencyStats> rows, Map<String, Double> overheads)
      throws IOException {
    CategoryChart chart = category("(c) Checks after global memory vs after every instruction",
        "check placement", "us / %");
    List<String> names = List.copyOf(rows.keySet());
    chart.addSeries("mean latency (us)", names,
        names.stream().map(n -> rows.get(n).meanNs() / 1e3).toList());
    chart.addSeries("overhead (%)", names,
        names.stream().map(n -> overheads.get(n) * 100).toList());
    return save(chart, "seed-granularity-c-check-placement");
  }

  /** (d) the training step's latency per mechanism, logarithmic, and the hybrid's split. */
  List<Path> training(Map<String, LatencyStats> rows, Map<String, Double> hybridSplit)
      throws IOException {
    CategoryChart chart = category("(d) Preempting a DL training step", "mechanism",
        "latency (us, log scale)");
    logarithmic(chart);
    chart.getStyler().setXAxisLabelRotation(20);
    List<String> names = List.copyOf(rows.keySet());
    chart.addSeries("p50", names, names.stream().map(n -> rows.get(n).p50Ns() / 1e3).toList());
    chart.addSeries("p99", names, names.stream().map(n -> rows.get(n).p99Ns() / 1e3).toList());
    PieChart pie = new PieChartBuilder().width(WIDTH / 2 + 60).height(HEIGHT)
        .title("(d) Hybrid: blocks served per level").build();
    hybridSplit.forEach((level, share) -> pie.addSeries(level, share * 100));
    return List.of(save(chart, "seed-granularity-d-training"),
        save(pie, "seed-granularity-d-hybrid-split"));
  }

  /** (e) bytes saved and latency of a full save against a liveness save. */
  Path liveness(Map<String, LatencyStats> rows) throws IOException {
    CategoryChart chart = category("(e) Liveness vs full context save", "context save",
        "KiB / us");
    List<String> names = List.copyOf(rows.keySet());
    chart.addSeries("KiB saved per block", names,
        names.stream().map(n -> rows.get(n).bytesPerSavedBlock() / 1024).toList());
    chart.addSeries("p50 latency (us)", names,
        names.stream().map(n -> rows.get(n).p50Ns() / 1e3).toList());
    return save(chart, "seed-granularity-e-liveness");
  }

  private static void logarithmic(CategoryChart chart) {
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setYAxisMin(1.0);
  }

  private static CategoryChart category(String title, String x, String y) {
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle(x).yAxisTitle(y).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    return chart;
  }

  private Path save(Chart<?, ?> chart, String name) throws IOException {
    Path file = directory.resolve(name + ".png");
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    return file;
  }
}
