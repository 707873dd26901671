package org.preemptlab.runner.report.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.preemptlab.api.Durations;
import org.preemptlab.api.metrics.MetricUnit;
import org.preemptlab.runner.metrics.Estimate;
import org.preemptlab.runner.experiment.sweep.Factor;
import org.preemptlab.runner.experiment.sweep.PointStats;
import org.preemptlab.runner.experiment.sweep.ResultStore;
import org.preemptlab.runner.experiment.sweep.RunResult;
import org.preemptlab.runner.experiment.sweep.SweepAnalysis;
import org.preemptlab.runner.experiment.Vocabulary;
import org.preemptlab.runner.metrics.DisplayUnit;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.report.chart.ChartOptions;
import org.preemptlab.runner.report.chart.Figure;
import org.preemptlab.runner.report.chart.FigureCsv;
import org.preemptlab.runner.report.chart.FigureImages;

/**
 * The charts of a sweep, each as PNG, SVG (text as text), PDF and the CSV of exactly the numbers
 * drawn, under {@code charts/}: per queue, the CDF of its job turnaround per configuration over all
 * seeds ({@code turnaround-cdf_queue-Q}); per reported metric, its means with 95% confidence
 * error bars ({@code bars-METRIC}); and, when a numeric parameter is varied, each metric against
 * it ({@code METRIC-vs-KEY}); per trade-off of the sweep file, one metric's means against
 * another's ({@code trade-off-Y-vs-X}). Configurations whose CDFs are identical share one curve, labelled
 * with all of them ({@code *} for every value of a key). A one-factor sweep's bars put every
 * configuration on the category axis (one style, no legend); with more factors the last one's
 * values are the series. Intervals and axes stay within the metric's bounds; duration values in
 * legends and on category axes are written in the unit of the axes ({@code 50 µs}, not {@code
 * 50us}). Axis and legend titles name the varied keys in words with their units, as the Python
 * paper figures do ({@link Vocabulary#keyTitle}: {@code arrival rate of application 1
 * (requests/s)}, never {@code applications[0].arrival-rate}). Which charts, and their size and
 * style: {@link ChartSelection}.
 */
public final class SweepCharts {
  /** The charts' directory under the output directory. */
  public static final String DIRECTORY = "charts";
  /** The formats every chart is written in, in writing order. */
  public static final List<String> FORMATS = List.of("png", "svg", "pdf", "csv");

  private SweepCharts() {}

  /** A selection's key as a file name: {@code turnaround-p99@queue=video} → {@code turnaround-p99_queue-video}. */
  public static String fileName(String key) {
    return key.replace('@', '_').replace('=', '-').replaceAll("[^A-Za-z0-9._-]", "-");
  }

  /** The base name of the bar chart of {@code metric}. */
  public static String barsName(MetricSelection metric) {
    return "bars-" + fileName(metric.key());
  }

  /** The base name of the turnaround CDF of {@code queue}. */
  public static String cdfName(String queue) {
    return "turnaround-cdf_queue-" + fileName(queue);
  }

  /** The base name of the chart of {@code metric} against {@code factor}. */
  public static String againstName(MetricSelection metric, Factor factor) {
    return fileName(metric.key()) + "-vs-" + fileName(factor.key());
  }

  /** The base name of the trade-off chart of {@code y} against {@code x}. */
  public static String tradeOffName(MetricSelection x, MetricSelection y) {
    return "trade-off-" + fileName(y.key()) + "-vs-" + fileName(x.key());
  }

  /** The trade-offs of the sweep file as pairs of selections [x, y], in the order written. */
  public static List<MetricSelection[]> tradeOffs(SweepAnalysis analysis) {
    List<String> written = analysis.plan().config().metrics().stream().map(String::strip)
        .toList();
    List<MetricSelection[]> pairs = new ArrayList<>();
    for (var t : analysis.plan().config().tradeOffs()) {
      pairs.add(new MetricSelection[] {analysis.metrics().get(written.indexOf(t.x().strip())),
          analysis.metrics().get(written.indexOf(t.y().strip()))});
    }
    return pairs;
  }

  /** Every figure of the sweep, in writing order. */
  public static List<Figure> figures(SweepAnalysis analysis) {
    return figures(analysis, ChartSelection.ALL);
  }

  /** The figures {@code selection} asks for, in writing order. */
  public static List<Figure> figures(SweepAnalysis analysis, ChartSelection selection) {
    List<PointStats> points = analysis.points().stream()
        .filter(p -> selection.keeps(p.point())).toList();
    List<Figure> figures = new ArrayList<>();
    for (String queue : queues(analysis)) {
      figures.add(cdf(analysis, points, queue));
    }
    List<MetricSelection> metrics = analysis.metrics().stream().filter(selection::charts)
        .toList();
    for (MetricSelection metric : metrics) {
      figures.add(bars(analysis, points, metric));
    }
    Optional<Factor> numeric = numericFactor(analysis);
    if (numeric.isPresent()) {
      for (MetricSelection metric : metrics) {
        figures.add(against(analysis, points, metric, numeric.get()));
      }
    }
    for (MetricSelection[] pair : tradeOffs(analysis)) {
      figures.add(tradeOff(analysis, pair[0], pair[1]));
    }
    return figures;
  }

  /**
   * The mean of {@code y} (with its 95% error bar) against the mean of {@code x}: with a numeric
   * varied key, one line per combination of the other keys through its values (sorted by x);
   * otherwise one point per configuration. A configuration where either mean is undefined has no
   * point.
   */
  static Figure tradeOff(SweepAnalysis analysis, MetricSelection x, MetricSelection y) {
    DisplayUnit xUnit = Units.of(analysis, x);
    DisplayUnit yUnit = Units.of(analysis, y);
    Optional<Factor> numeric = numericFactor(analysis);
    Map<String, List<Figure.Point>> bySeries = new LinkedHashMap<>();
    for (PointStats point : analysis.points()) {
      Map<String, String> values = new LinkedHashMap<>(point.point().values());
      numeric.ifPresent(f -> values.remove(f.key()));
      String series = values.isEmpty() ? (numeric.isPresent() ? "mean" : point.point().key())
          : String.join(" / ", values.values());
      Estimate ex = point.mean(x);
      Estimate ey = point.mean(y).within(y.metric().lowerBound(), y.metric().upperBound());
      List<Figure.Point> points = bySeries.computeIfAbsent(series, s -> new ArrayList<>());
      if (ex.n() == 0 || ey.n() == 0) {
        continue;
      }
      boolean interval = !Double.isNaN(ey.halfWidth());
      points.add(new Figure.Point("", xUnit.display(ex.mean()), yUnit.display(ey.mean()),
          interval ? yUnit.display(ey.low()) : Double.NaN,
          interval ? yUnit.display(ey.high()) : Double.NaN));
    }
    List<Figure.Series> series = new ArrayList<>();
    bySeries.forEach((name, points) -> series.add(new Figure.Series(name, points.stream()
        .sorted((a, b) -> Double.compare(a.x(), b.x())).toList())));
    List<String> keys = analysis.plan().factors().stream().map(Factor::key)
        .filter(k -> numeric.isEmpty() || !k.equals(numeric.get().key())).map(SweepCharts::words)
        .toList();
    return new Figure(tradeOffName(x, y), y.title() + " against " + x.title()
        + ": means over seeds" + numeric.map(f -> ", a line through " + words(f.key()))
        .orElse(""),
        x.title() + xUnit.inParentheses(), y.title() + yUnit.inParentheses(),
        keys.isEmpty() ? "configuration" : String.join(" / ", keys), Figure.Kind.LINES,
        List.of(), series, false, yUnit.display(y.metric().lowerBound()),
        yUnit.display(y.metric().upperBound()));
  }

  /**
   * Writes every chart into {@code directory}/charts.
   *
   * @return the written files' names relative to {@code directory}, in writing order
   */
  public static List<String> write(SweepAnalysis analysis, Path directory) throws IOException {
    return write(figures(analysis), ChartOptions.DEFAULT, directory);
  }

  /**
   * Writes {@code figures} laid out with {@code options} into {@code directory}/charts.
   *
   * @return the written files' names relative to {@code directory}, in writing order
   */
  public static List<String> write(List<Figure> figures, ChartOptions options, Path directory)
      throws IOException {
    Path charts = directory.resolve(DIRECTORY);
    Files.createDirectories(charts);
    List<String> written = new ArrayList<>();
    for (Figure figure : figures) {
      String name = figure.name();
      ResultStore.writeAtomically(charts.resolve(name + ".png"), FigureImages.png(figure,
          options));
      ResultStore.writeAtomically(charts.resolve(name + ".svg"),
          FigureImages.svg(figure, options).getBytes(StandardCharsets.UTF_8));
      ResultStore.writeAtomically(charts.resolve(name + ".pdf"), FigureImages.pdf(figure,
          options));
      ResultStore.writeAtomically(charts.resolve(name + ".csv"),
          FigureCsv.of(figure).getBytes(StandardCharsets.UTF_8));
      FORMATS.forEach(f -> written.add(DIRECTORY + "/" + name + "." + f));
    }
    return written;
  }

  /** The queues of every successful run, sorted. */
  static Set<String> queues(SweepAnalysis analysis) {
    return analysis.queues();
  }

  /**
   * The sorted turnarounds of one configuration's jobs of one queue, all seeds; equal when the
   * samples are (configurations with equal samples share one curve).
   */
  private record Curve(long[] samples) {
    @Override
    public boolean equals(Object other) {
      return other instanceof Curve c && Arrays.equals(samples, c.samples);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(samples);
    }

    @Override
    public String toString() {
      return "Curve[" + samples.length + " samples]";
    }
  }

  /**
   * The turnaround CDF of one queue, one step curve per distinct configuration, all seeds. It
   * reads the turnarounds one configuration at a time and keeps them, 8 bytes a job, only for
   * the configurations whose samples differ from every earlier one's.
   */
  static Figure cdf(SweepAnalysis analysis, List<PointStats> points, String queue) {
    Map<Curve, List<PointStats>> byCurve = new LinkedHashMap<>();
    long max = 0;
    for (PointStats point : points) {
      long[] samples = point.results().stream().filter(RunResult::isOk)
          .map(r -> analysis.turnarounds(r).get(queue)).filter(Objects::nonNull)
          .flatMapToLong(Arrays::stream).sorted().toArray();
      if (samples.length == 0) {
        continue;
      }
      max = Math.max(max, samples[samples.length - 1]);
      byCurve.computeIfAbsent(new Curve(samples), k -> new ArrayList<>()).add(point);
    }
    DisplayUnit unit = DisplayUnit.of(MetricUnit.NANOSECONDS, max);
    List<Figure.Series> series = new ArrayList<>();
    byCurve.forEach((curveSamples, sharing) -> {
      long[] samples = curveSamples.samples();
      List<Figure.Point> curve = new ArrayList<>();
      int n = samples.length;
      for (int i = 0; i < n; i++) {
        if (i + 1 < n && samples[i + 1] == samples[i]) {
          continue; // one point per distinct value: the CDF's value after its last repeat
        }
        curve.add(Figure.Point.of(unit.display(samples[i]), i + 1 == n ? 1.0
            : (double) (i + 1) / n));
      }
      series.add(new Figure.Series(label(analysis, sharing), curve));
    });
    return new Figure(cdfName(queue), "Turnaround CDF of queue " + queue + ", all seeds",
        "turnaround" + unit.inParentheses(), "fraction of jobs ≤ x", legendTitle(analysis),
        Figure.Kind.CDF, List.of(), series, true);
  }

  /**
   * Bars of one metric's means with 95% error bars. One varied key (or none): one bar per
   * configuration, the configurations on the category axis. More: one group per combination of
   * all varied keys but the last, one bar (series) per value of the last.
   */
  static Figure bars(SweepAnalysis analysis, List<PointStats> points, MetricSelection metric) {
    DisplayUnit unit = Units.of(analysis, metric);
    List<Factor> factors = analysis.plan().factors();
    boolean oneFactor = factors.size() <= 1;
    Map<String, List<Figure.Point>> bySeries = new LinkedHashMap<>();
    List<String> categories = new ArrayList<>();
    for (PointStats point : points) {
      List<String> values = point.point().values().values().stream().map(SweepCharts::display)
          .collect(java.util.stream.Collectors.toCollection(ArrayList::new));
      String series = oneFactor ? metric.title() : values.remove(values.size() - 1);
      String category = values.isEmpty() ? point.point().key() : String.join(" / ", values);
      if (!categories.contains(category)) {
        categories.add(category);
      }
      bySeries.computeIfAbsent(series, s -> new ArrayList<>()).add(point(category, Double.NaN,
          point.mean(metric), unit));
    }
    List<Figure.Series> series = new ArrayList<>();
    bySeries.forEach((name, ps) -> series.add(new Figure.Series(name, ps)));
    String categoryTitle = factors.isEmpty() ? "configuration"
        : oneFactor ? words(factors.get(0).key())
        : String.join(" / ", factors.subList(0, factors.size() - 1).stream().map(Factor::key)
            .map(SweepCharts::words).toList());
    String legend = oneFactor ? "" : words(factors.get(factors.size() - 1).key());
    return new Figure(barsName(metric), metric.title() + ": mean and 95% CI over seeds",
        categoryTitle, metric.title() + unit.inParentheses(), legend, Figure.Kind.BARS,
        categories, series, false, unit.display(metric.metric().lowerBound()),
        unit.display(metric.metric().upperBound()));
  }

  /** A chart point of an estimate, in {@code unit}; undefined without values. */
  private static Figure.Point point(String category, double x, Estimate e, DisplayUnit unit) {
    boolean defined = e.n() > 0;
    boolean interval = defined && !Double.isNaN(e.halfWidth());
    return new Figure.Point(category, x, defined ? unit.display(e.mean()) : Double.NaN,
        interval ? unit.display(e.low()) : Double.NaN,
        interval ? unit.display(e.high()) : Double.NaN);
  }

  /**
   * A value as charts write it: a duration in the unit the axes use ({@code 50us} → {@code 50
   * µs}), anything else as written.
   */
  static String display(String label) {
    java.util.regex.Matcher m = java.util.regex.Pattern
        .compile("([0-9]+(?:\\.[0-9]+)?)\\s*(ns|us|µs|ms|s)").matcher(label);
    if (!m.matches()) {
      return label;
    }
    return m.group(1) + " " + (m.group(2).equals("us") ? "µs" : m.group(2));
  }

  /** One metric against a numeric varied key: one line per combination of the other keys. */
  static Figure against(SweepAnalysis analysis, List<PointStats> points, MetricSelection metric,
      Factor factor) {
    DisplayUnit unit = Units.of(analysis, metric);
    boolean duration = isDuration(factor);
    DisplayUnit xUnit = duration ? DisplayUnit.of(MetricUnit.NANOSECONDS, factor.labels().stream()
        .mapToDouble(l -> Durations.parseNs(l)).max().orElse(0)) : new DisplayUnit("", 1, 0);
    Map<String, List<Figure.Point>> bySeries = new LinkedHashMap<>();
    for (PointStats point : points) {
      Map<String, String> others = new LinkedHashMap<>(point.point().values());
      others.remove(factor.key());
      Estimate e = point.mean(metric);
      double x = duration ? xUnit.display(Durations.parseNs(point.point().values()
          .get(factor.key()))) : parse(point.point().values().get(factor.key()), false)
          .orElseThrow();
      bySeries.computeIfAbsent(others.isEmpty() ? "mean" : String.join(" / ", others.values()
          .stream().map(SweepCharts::display).toList()), s -> new ArrayList<>())
          .add(point("", x, e, unit));
    }
    List<Figure.Series> series = new ArrayList<>();
    bySeries.forEach((name, ps) -> series.add(new Figure.Series(name, ps.stream()
        .sorted((a, b) -> Double.compare(a.x(), b.x())).toList())));
    List<String> otherKeys = analysis.plan().factors().stream().map(Factor::key)
        .filter(k -> !k.equals(factor.key())).map(SweepCharts::words).toList();
    return new Figure(againstName(metric, factor),
        metric.title() + " against " + words(factor.key()),
        Vocabulary.shipped().keyTitle(factor.key(), xUnit.symbol()),
        metric.title() + unit.inParentheses(),
        String.join(" / ", otherKeys), Figure.Kind.LINES, List.of(), series, false,
        unit.display(metric.metric().lowerBound()), unit.display(metric.metric().upperBound()));
  }

  private static String legendTitle(SweepAnalysis analysis) {
    return analysis.plan().factors().isEmpty() ? "configuration"
        : String.join(" / ", analysis.plan().factors().stream().map(Factor::key)
            .map(SweepCharts::words).toList());
  }

  /**
   * A varied key in words with its declared unit ({@link Vocabulary#keyTitle}), from the built-in
   * metrics and the plugins on the class path.
   */
  static String words(String key) {
    return Vocabulary.shipped().keyTitle(key);
  }

  /**
   * The label of configurations that share one curve, written compactly: values of one key that
   * share the same rest are joined with {@code |}, all values of a key are {@code *}, and
   * alternatives are separated by {@code ;}, e.g. {@code fifo|round-robin / * / *; priority /
   * block-boundary / *}.
   */
  static String label(SweepAnalysis analysis, List<PointStats> points) {
    if (points.size() == 1) {
      return seriesName(points.get(0));
    }
    List<Factor> factors = analysis.plan().factors();
    List<List<String>> tuples = points.stream()
        .map(p -> p.point().values().values().stream().map(SweepCharts::display).toList())
        .toList();
    return String.join("; ", compact(factors, tuples));
  }

  private static List<String> compact(List<Factor> factors, List<List<String>> tuples) {
    if (factors.isEmpty()) {
      return List.of("");
    }
    Map<String, List<List<String>>> restsByFirst = new LinkedHashMap<>();
    for (List<String> tuple : tuples) {
      restsByFirst.computeIfAbsent(tuple.get(0), k -> new ArrayList<>())
          .add(tuple.subList(1, tuple.size()));
    }
    Map<List<String>, List<String>> firstsByRest = new LinkedHashMap<>();
    restsByFirst.forEach((first, rests) -> firstsByRest.computeIfAbsent(
        compact(factors.subList(1, factors.size()), rests), k -> new ArrayList<>()).add(first));
    List<String> labels = new ArrayList<>();
    firstsByRest.forEach((rest, firsts) -> {
      String head = firsts.size() == factors.get(0).levels().size() && firsts.size() > 1 ? "*"
          : String.join("|", firsts);
      if (rest.size() == 1) {
        labels.add(rest.get(0).isEmpty() ? head : head + " / " + rest.get(0));
      } else {
        rest.forEach(r -> labels.add(head + " / " + r));
      }
    });
    return labels;
  }

  private static String seriesName(PointStats point) {
    return point.point().values().isEmpty() ? point.point().key()
        : String.join(" / ", point.point().values().values().stream().map(SweepCharts::display)
            .toList());
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
