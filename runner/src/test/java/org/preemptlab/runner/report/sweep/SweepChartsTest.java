package org.preemptlab.runner.report.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.runner.cli.Main;

/**
 * The charts of a sweep pass a reviewer's checklist, checked on the data behind each chart (its
 * CSV) and on its files: CDFs end at exactly 1, an undefined value is never drawn (as zero or
 * otherwise), SVG text is text, PDF and SVG are byte-identical from run to run. The same checks run
 * over the committed charts in {@code docs/images/policy-sweep}.
 */
@Tag("slow")
class SweepChartsTest {
  @TempDir
  static Path dir;
  private static Path charts;

  @BeforeAll
  static void runASmallSweepTwice() throws IOException {
    String yaml = SummaryBrowserTestSweep.YAML;
    Path config = Files.writeString(dir.resolve("sweep.yaml"), yaml);
    for (String out : List.of("a", "b")) {
      ByteArrayOutputStream sink = new ByteArrayOutputStream();
      try (PrintStream o = new PrintStream(sink, true, StandardCharsets.UTF_8)) {
        int exit = new Main(o, o).run("sweep", "--config", config.toString(), "--out",
            dir.resolve(out).toString(), "--jobs", "2");
        assertThat(exit).as(sink.toString(StandardCharsets.UTF_8)).isZero();
      }
    }
    charts = dir.resolve("a/charts");
  }

  /** The rows of a chart CSV as maps from column to cell (the CSV has no quoted commas here). */
  static List<Map<String, String>> rows(Path csv) throws IOException {
    List<String> lines = Files.readAllLines(csv);
    List<String> header = List.of(lines.get(0).split(",", -1));
    List<Map<String, String>> rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      List<String> cells = parse(line);
      Map<String, String> row = new LinkedHashMap<>();
      for (int i = 0; i < header.size(); i++) {
        row.put(header.get(i), cells.get(i));
      }
      rows.add(row);
    }
    return rows;
  }

  private static List<String> parse(String line) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          cell.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          cell.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        cells.add(cell.toString());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    cells.add(cell.toString());
    return cells;
  }

  /** Checks every chart CSV under {@code directory} against the checklist. */
  static void checkChartData(Path directory) throws IOException {
    List<Path> csvs;
    try (Stream<Path> files = Files.list(directory)) {
      csvs = files.filter(f -> f.toString().endsWith(".csv")).sorted().toList();
    }
    assertThat(csvs).isNotEmpty();
    for (Path csv : csvs) {
      String name = csv.getFileName().toString();
      List<Map<String, String>> rows = rows(csv);
      for (String format : List.of(".png", ".svg", ".pdf")) {
        assertThat(csv.resolveSibling(name.replace(".csv", format))).as(name + format).exists();
      }
      for (Map<String, String> row : rows) {
        boolean defined = Boolean.parseBoolean(row.get("defined"));
        assertThat(row.get("y").isEmpty()).as(name + ": y is empty exactly when undefined: " + row)
            .isEqualTo(!defined);
        assertThat(row.get("y_title")).as(name).matches(".*(\\((ns|µs|ms|s|B|KiB|MiB|GiB|%|1/s)"
            + "\\)|fraction of jobs ≤ x|dispatches|ANTT.*|STP|fairness.*|deadline misses.*)");
      }
      if (name.startsWith("turnaround-cdf")) {
        Map<String, List<Double>> bySeries = new LinkedHashMap<>();
        rows.forEach(r -> bySeries.computeIfAbsent(r.get("series"), s -> new ArrayList<>())
            .add(Double.parseDouble(r.get("y"))));
        bySeries.forEach((series, ys) -> {
          assertThat(ys.get(ys.size() - 1)).as(name + " " + series + " ends at 1").isEqualTo(1.0);
          assertThat(ys).as(name + " " + series + " rises").isSorted()
              .allMatch(y -> y > 0 && y <= 1.0);
        });
        assertThat(rows.get(0).get("x_title")).matches("turnaround \\((ns|µs|ms|s)\\)");
      }
    }
  }

  @Test
  void everyChartsDataPassesTheChecklist() throws IOException {
    checkChartData(charts);
  }

  @Test
  void aTradeOffChartHasOnePointPerConfigurationAtTheMeansOfTheSummary() throws IOException {
    List<Map<String, String>> points = rows(charts.resolve(
        "trade-off-turnaround-p99_queue-inference-vs-deadline-misses_queue-inference.csv"));
    List<Map<String, String>> summary = rows(dir.resolve("a/summary.csv"));

    assertThat(points).extracting(r -> r.get("series")).containsExactly(
        "fifo / block-boundary", "fifo / instruction-level", "priority / block-boundary",
        "priority / instruction-level");
    for (Map<String, String> point : points) {
      String config = point.get("series").replace(" / ", "__");
      double misses = mean(summary, config, "deadline-misses@queue=inference");
      double p99 = mean(summary, config, "turnaround-p99@queue=inference");
      assertThat(Double.parseDouble(point.get("x"))).isEqualTo(misses);
      // y is shown in the unit its title names.
      String unit = point.get("y_title").replaceAll(".*\\((.*)\\)$", "$1");
      double scale = Map.of("ns", 1.0, "µs", 1e3, "ms", 1e6, "s", 1e9).get(unit);
      assertThat(point.get("y_title")).startsWith("turnaround p99, queue inference (");
      assertThat(Double.parseDouble(point.get("y"))).isCloseTo(p99 / scale,
          org.assertj.core.api.Assertions.within(1e-9));
    }
  }

  private static double mean(List<Map<String, String>> summary, String config, String metric) {
    return summary.stream().filter(r -> r.get("configuration").equals(config)
        && r.get("metric").equals(metric)).mapToDouble(r -> Double.parseDouble(r.get("mean")))
        .findFirst().orElseThrow();
  }

  @Test
  void theCommittedChartsInDocsPassTheChecklist() throws IOException {
    checkChartData(Path.of("..", "docs", "images", "policy-sweep", "charts"));
  }

  @Test
  void theCommittedSharingComparisonChartsPassTheChecklist() throws IOException {
    checkChartData(Path.of("..", "docs", "images", "sharing-comparison", "charts"));
  }

  @Test
  void anUndefinedBarIsLabelledNaInTheSvgAndNotDrawn() throws IOException {
    List<Map<String, String>> rows = rows(charts.resolve("bars-waiter-latency-p99.csv"));
    long undefined = rows.stream().filter(r -> r.get("defined").equals("false")).count();
    long defined = rows.size() - undefined;
    String svg = Files.readString(charts.resolve("bars-waiter-latency-p99.svg"));

    assertThat(undefined).as("fifo never preempts").isPositive();
    assertThat(svg.split(">n/a</text>", -1)).hasSize((int) undefined + 1);
    assertThat(svg.split("<g class=\"bar\">", -1).length - 1).as("drawn bars")
        .isEqualTo((int) defined);
  }

  @Test
  void svgTextIsTextWithTheAxisTitlesAndTheUnits() throws IOException {
    String svg = Files.readString(charts.resolve("turnaround-cdf_queue-inference.svg"));

    assertThat(svg).startsWith("<?xml").contains("<svg xmlns=\"http://www.w3.org/2000/svg\"")
        .contains(">turnaround (µs)</text>").contains(">fraction of jobs ≤ x</text>")
        .contains(">scheduling policy / preemption-point strategy</text>")
        .contains("<rect width=\"100%\" height=\"100%\" "
            + "fill=\"#ffffff\"/>");
    assertThat(svg).as("dash patterns tell series apart").contains("stroke-dasharray=\"8 4\"");
  }

  @Test
  void everyChartFileIsByteIdenticalFromRunToRun() throws IOException {
    try (Stream<Path> files = Files.list(charts)) {
      for (Path file : files.toList()) {
        assertThat(Files.readAllBytes(dir.resolve("b/charts").resolve(file.getFileName())))
            .as(file.getFileName().toString()).isEqualTo(Files.readAllBytes(file));
      }
    }
    assertThat(Files.readString(charts.resolve("bars-waiter-latency-p99.pdf"), StandardCharsets.ISO_8859_1))
        .startsWith("%PDF-");
  }

  @Test
  void theSummariesLinkEveryChartInEveryFormat() throws IOException {
    String md = Files.readString(dir.resolve("a/summary.md"));
    String html = Files.readString(dir.resolve("a/summary.html"));
    try (Stream<Path> files = Files.list(charts)) {
      for (Path file : files.toList()) {
        String link = "charts/" + file.getFileName();
        assertThat(md).as("summary.md links " + link).contains("(" + link + ")");
        assertThat(html).as("summary.html links " + link).contains("\"" + link + "\"");
      }
    }
  }
}
