package org.preemptlab.runner.report.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.runner.cli.Main;
import org.preemptlab.runner.experiment.sweep.SmallSweep;
import org.preemptlab.runner.report.chart.ChartOptions;
import org.preemptlab.runner.report.chart.FigureImagesTestAccess;

/**
 * A 40-configuration sweep (8 policies x 5 preemption strategies, 2 seeds) draws readable charts:
 * every chart keeps its plot area with the legend outside it and no two series alike, no interval
 * of a non-negative metric goes below zero, and {@code --charts} re-draws a subset at another size.
 */
@Tag("slow")
class FortyConfigurationsChartsTest {
  static final String YAML = "name: forty\n" + SmallSweep.BASE + """
      vary:
        policy: [fifo, round-robin, priority, edf, srpt, las, fair-share, mlfq]
        preemption: [block-boundary, instruction-level, user-yield, hybrid, flush]
      seeds: 2
      metrics: [turnaround-p99@queue=inference, deadline-misses@queue=inference,
                waiter-latency-p99, antt]
      """;

  @TempDir
  static Path dir;
  private static Path config;

  static int sweep(String... extra) {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (PrintStream o = new PrintStream(sink, true, StandardCharsets.UTF_8)) {
      List<String> args = new java.util.ArrayList<>(List.of("sweep", "--config",
          config.toString(), "--out", dir.resolve("out").toString(), "--jobs", "2"));
      args.addAll(List.of(extra));
      return new Main(o, o).run(args.toArray(String[]::new));
    }
  }

  @BeforeAll
  static void runTheSweep() throws IOException {
    config = Files.writeString(dir.resolve("forty.yaml"), YAML);
    assertThat(sweep()).as("priority with flush fails (gemm is not idempotent)").isEqualTo(1);
  }

  @Test
  void everyChartKeepsItsPlotAreaAndNoTwoSeriesLookAlike() throws IOException {
    Path charts = dir.resolve("out/charts");
    List<Path> svgs;
    try (Stream<Path> files = Files.list(charts)) {
      svgs = files.filter(f -> f.toString().endsWith(".svg")).sorted().toList();
    }
    assertThat(svgs).hasSize(2 + 4);
    for (Path svg : svgs) {
      long series = SweepChartsTest.rows(Path.of(svg.toString().replace(".svg", ".csv")))
          .stream().map(r -> r.get("series")).distinct().count();
      FigureImagesTestAccess.checkReadable(Files.readString(svg), ChartOptions.DEFAULT,
          (int) series);
    }
    assertThat(Files.readString(charts.resolve("bars-antt.svg"))
        .split("<g class=\"bar\">", -1)).as("39 defined bars").hasSize(40);
  }

  @Test
  void noIntervalOfANonNegativeMetricGoesBelowZero() throws IOException {
    for (Map<String, String> row : SweepChartsTest.rows(dir.resolve("out/summary.csv"))) {
      if (!row.get("ci_low").isEmpty()) {
        assertThat(Double.parseDouble(row.get("ci_low"))).as(row.toString())
            .isGreaterThanOrEqualTo(0);
      }
    }
    try (Stream<Path> files = Files.list(dir.resolve("out/charts"))) {
      for (Path csv : files.filter(f -> f.toString().endsWith(".csv")).toList()) {
        for (Map<String, String> row : SweepChartsTest.rows(csv)) {
          if (!row.get("ci_low").isEmpty()) {
            assertThat(Double.parseDouble(row.get("ci_low"))).as(csv + " " + row)
                .isGreaterThanOrEqualTo(0);
          }
        }
      }
    }
  }

  @Test
  void chartsOptionsRedrawASubsetOfMetricsAndConfigurationsAtAnotherSize() throws IOException {
    int exit = sweep("--report", "--charts", "metrics=antt", "--charts", "size=1200x700",
        "--charts", "configs=policy:fifo|priority");
    Path charts = dir.resolve("out/charts");
    List<String> names;
    try (Stream<Path> files = Files.list(charts)) {
      names = files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".svg"))
          .sorted().toList();
    }
    String bars = Files.readString(charts.resolve("bars-antt.svg"));

    assertThat(exit).isEqualTo(1);
    assertThat(names).containsExactly("bars-antt.svg", "turnaround-cdf_queue-inference.svg",
        "turnaround-cdf_queue-training.svg");
    assertThat(bars).contains("width=\"1200\"").contains(">fifo</text>")
        .contains(">priority</text>").doesNotContain(">edf</text>");
    assertThat(Files.readString(dir.resolve("out/summary.md")))
        .contains("charts/bars-antt.png").doesNotContain("charts/bars-waiter-latency-p99.png");
    FigureImagesTestAccess.checkReadable(bars, new ChartOptions(1200, 700,
        ChartOptions.Bars.AUTO, ChartOptions.Legend.BELOW), 5);
  }

  @Test
  void aWrongChartsOptionIsAOneLineErrorNamingTheValidChoices() {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    int exit;
    try (PrintStream o = new PrintStream(sink, true, StandardCharsets.UTF_8)) {
      exit = new Main(o, o).run("sweep", "--config", config.toString(), "--out",
          dir.resolve("out").toString(), "--report", "--charts", "configs=policy:fifo|nope");
    }
    String text = sink.toString(StandardCharsets.UTF_8);

    assertThat(exit).isEqualTo(2);
    assertThat(text).contains("--charts configs=policy:fifo|nope: 'nope' is not a value of "
        + "policy; values: [fifo, round-robin");
  }
}
