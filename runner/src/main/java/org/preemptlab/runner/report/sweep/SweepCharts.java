package org.preemptlab.runner.report.sweep;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.preemptlab.api.Durations;
import org.preemptlab.runner.experiment.sweep.Estimate;
import org.preemptlab.runner.experiment.sweep.Factor;
import org.preemptlab.runner.experiment.sweep.PointStats;
import org.preemptlab.runner.experiment.sweep.ResultStore;
import org.preemptlab.runner.experiment.sweep.RunResult;
import org.preemptlab.runner.experiment.sweep.SweepAnalysis;
import org.preemptlab.runner.experiment.sweep.SweepMetric;

/**
 * The charts of a sweep (XChart), each as PNG and SVG under {@code charts/}: the CDF of the
 * highest-priority turnaround per configuration over all seeds, a bar chart with 95% confidence
 * error bars per metric, and, when a numeric parameter is varied, each metric against it. Every
 * number drawn is also in {@code summary.csv} or {@code high-turnarounds.csv}.
 */
public final class SweepCharts {
  /** The charts' directory under the output directory. */
  public static final String DIRECTORY = "charts";
  /** The base name of the CDF chart. */
  public static final String CDF = "high-turnaround-cdf";

  private static final Pattern CLIP_ID = Pattern.compile("(id=\"|url\\(#)(clip[0-9]+)");
  private static final int WIDTH = 900;
  private static final int HEIGHT = 560;

  static {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  private SweepCharts() {}

  /** The base name of the bar chart of {@code metric}, e.g. {@code bars-makespan}. */
  public static String barsName(SweepMetric metric) {
    return "bars-" + metric.key();
  }

  /** The base name of the chart of {@code metric} against {@code factor}. */
  public static String againstName(SweepMetric metric, Factor factor) {
    return metric.key() + "-vs-" + factor.key();
  }

  /**
   * Writes every chart into {@code directory}/charts.
   *
   * @return the written files' names relative to {@code directory}, in writing order
   */
  public static List<String> write(SweepAnalysis analysis, Path directory) throws IOException {
    Path charts = directory.resolve(DIRECTORY);
    Files.createDirectories(charts);
    List<String> written = new ArrayList<>();
    written.addAll(save(cdf(analysis), charts, CDF));
    for (SweepMetric metric : analysis.metrics()) {
      written.addAll(save(bars(analysis, metric), charts, barsName(metric)));
    }
    Optional<Factor> numeric = numericFactor(analysis);
    if (numeric.isPresent()) {
      for (SweepMetric metric : analysis.metrics()) {
        written.addAll(save(against(analysis, metric, numeric.get()), charts,
            againstName(metric, numeric.get())));
      }
    }
    return written;
  }

  private static List<String> save(Chart<?, ?> chart, Path charts, String name)
      throws IOException {
    ResultStore.writeAtomically(charts.resolve(name + ".png"),
        BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
    ByteArrayOutputStream svg = new ByteArrayOutputStream();
    VectorGraphicsEncoder.saveVectorGraphic(chart, svg,
        VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    ResultStore.writeAtomically(charts.resolve(name + ".svg"),
        stableIds(svg.toString(StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8));
    return List.of(DIRECTORY + "/" + name + ".png", DIRECTORY + "/" + name + ".svg");
  }

  /**
   * The SVG with its clip-path ids renumbered in order of appearance: the encoder names them after
   * identity hash codes, which differ from process to process, and the files must not.
   */
  static String stableIds(String svg) {
    Map<String, String> ids = new LinkedHashMap<>();
    Matcher m = CLIP_ID.matcher(svg);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String id = ids.computeIfAbsent(m.group(2), k -> "clip" + (ids.size() + 1));
      m.appendReplacement(sb, Matcher.quoteReplacement(m.group(1) + id));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  /** The CDF of the highest-priority turnaround, one line per configuration, all seeds pooled. */
  static XYChart cdf(SweepAnalysis analysis) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
        .title("Highest-priority turnaround, all seeds").xAxisTitle("turnaround (us)")
        .yAxisTitle("fraction of jobs").build();
    Styler styler = chart.getStyler();
    styler.setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Step);
    chart.getStyler().setYAxisMin(0.0).setYAxisMax(1.0);
    chart.getStyler().setYAxisDecimalPattern("0.0");
    chart.getStyler().setXAxisDecimalPattern("#,##0");
    chart.getStyler().setMarkerSize(0);
    for (PointStats point : analysis.points()) {
      long[] samples = point.results().stream().filter(RunResult::isOk)
          .flatMap(r -> r.highTurnaroundsNs().stream()).mapToLong(Long::longValue).toArray();
      if (samples.length == 0) {
        continue;
      }
      Arrays.sort(samples);
      double[] x = new double[samples.length];
      double[] y = new double[samples.length];
      for (int i = 0; i < samples.length; i++) {
        x[i] = samples[i] / 1e3;
        y[i] = (i + 1.0) / samples.length;
      }
      chart.addSeries(seriesName(point.point().values(), point.point().key()), x, y)
          .setMarker(SeriesMarkers.NONE);
    }
    return chart;
  }

  /**
   * Bars of one metric's means with 95% error bars: one group per combination of all varied keys
   * but the last, one bar per value of the last.
   */
  static CategoryChart bars(SweepAnalysis analysis, SweepMetric metric) {
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
        .title(metric.title() + ": mean and 95% CI")
        .yAxisTitle(metric.title() + " (" + metric.displayUnit() + ")").build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setXAxisLabelRotation(analysis.points().size() > 6 ? 45 : 0);
    chart.getStyler().setErrorBarsColorSeriesColor(false);
    List<Factor> factors = analysis.plan().factors();
    Map<String, Map<String, Estimate>> bySeries = new LinkedHashMap<>();
    List<String> categories = new ArrayList<>();
    for (PointStats point : analysis.points()) {
      List<String> values = new ArrayList<>(point.point().values().values());
      String series = values.isEmpty() ? "mean" : values.remove(values.size() - 1);
      String category = values.isEmpty() ? (factors.isEmpty() ? point.point().key()
          : factors.get(0).key()) : String.join(" / ", values);
      if (!categories.contains(category)) {
        categories.add(category);
      }
      bySeries.computeIfAbsent(series, s -> new LinkedHashMap<>()).put(category,
          point.mean(metric));
    }
    bySeries.forEach((series, estimates) -> {
      List<Double> y = new ArrayList<>();
      List<Double> error = new ArrayList<>();
      for (String category : categories) {
        Estimate e = estimates.get(category);
        boolean defined = e != null && e.n() > 0;
        y.add(defined ? metric.display(e.mean()) : 0.0);
        error.add(defined && !Double.isNaN(e.halfWidth()) ? metric.display(e.halfWidth()) : 0.0);
      }
      chart.addSeries(series, categories, y, error);
    });
    return chart;
  }

  /** One metric against a numeric varied key: one line per combination of the other keys. */
  static XYChart against(SweepAnalysis analysis, SweepMetric metric, Factor factor) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
        .title(metric.title() + " against " + factor.key())
        .xAxisTitle(factor.key() + (isDuration(factor) ? " (us)" : ""))
        .yAxisTitle(metric.title() + " (" + metric.displayUnit() + ")").build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    Map<String, List<PointStats>> bySeries = new LinkedHashMap<>();
    for (PointStats point : analysis.points()) {
      Map<String, String> others = new LinkedHashMap<>(point.point().values());
      others.remove(factor.key());
      bySeries.computeIfAbsent(seriesName(others, "mean"), s -> new ArrayList<>()).add(point);
    }
    bySeries.forEach((series, points) -> {
      List<double[]> xyz = new ArrayList<>();
      for (PointStats point : points) {
        Estimate e = point.mean(metric);
        if (e.n() > 0) {
          xyz.add(new double[] {numeric(factor, point.point().values().get(factor.key())),
              metric.display(e.mean()),
              Double.isNaN(e.halfWidth()) ? 0 : metric.display(e.halfWidth())});
        }
      }
      if (!xyz.isEmpty()) {
        xyz.sort((a, b) -> Double.compare(a[0], b[0]));
        chart.addSeries(series, xyz.stream().mapToDouble(v -> v[0]).toArray(),
            xyz.stream().mapToDouble(v -> v[1]).toArray(),
            xyz.stream().mapToDouble(v -> v[2]).toArray());
      }
    });
    return chart;
  }

  private static String seriesName(Map<String, String> values, String fallback) {
    return values.isEmpty() ? fallback : String.join(" / ", values.values());
  }

  /**
   * The first varied parameter (not a plugin choice) whose values are all numbers or durations,
   * with at least two values.
   */
  static Optional<Factor> numericFactor(SweepAnalysis analysis) {
    return analysis.plan().factors().stream()
        .filter(f -> !f.choosesPlugin() && f.levels().size() > 1)
        .filter(f -> f.labels().stream().allMatch(l -> parse(l, true).isPresent()))
        .findFirst();
  }

  private static boolean isDuration(Factor factor) {
    return factor.labels().stream().anyMatch(l -> parse(l, false).isEmpty());
  }

  private static double numeric(Factor factor, String label) {
    return isDuration(factor) ? Durations.parseNs(label) / 1e3 : parse(label, false).orElseThrow();
  }

  /** A plain number, or (when {@code durations}) a duration with a unit in ns. */
  private static Optional<Double> parse(String label, boolean durations) {
    try {
      return Optional.of(Double.parseDouble(label));
    } catch (NumberFormatException e) {
      if (!durations || !label.matches("[0-9.]+\\s*(ns|us|µs|ms|s)")) {
        return Optional.empty();
      }
      try {
        return Optional.of((double) Durations.parseNs(label));
      } catch (IllegalArgumentException notDuration) {
        return Optional.empty();
      }
    }
  }
}
