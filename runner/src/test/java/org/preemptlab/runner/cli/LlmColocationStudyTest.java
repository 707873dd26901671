package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The study of docs/llm-serving.md ("Study") is its sweep's own output: the committed summary and
 * trade-off charts under docs/images/llm-colocation are what {@code preemptlab sweep} writes for
 * examples/configs/llm-colocation.yaml, and the page's table is read from that summary.
 */
@Tag("slow")
class LlmColocationStudyTest {
  private static final Path COMMITTED = Path.of("..", "docs", "images", "llm-colocation");
  private static final Path PAGE = Path.of("..", "docs", "llm-serving.md");

  @TempDir static Path dir;
  private static Path out;

  @BeforeAll
  static void runTheStudy() {
    out = dir.resolve("llm-colocation");
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (PrintStream o = new PrintStream(sink, true, StandardCharsets.UTF_8)) {
      int exit = new Main(o, o).run("sweep", "--config",
          Path.of("..", "examples", "configs", "llm-colocation.yaml").toString(), "--out",
          out.toString(), "--jobs", "2", "--yes");
      assertThat(exit).as(sink.toString(StandardCharsets.UTF_8)).isZero();
    }
  }

  @Test
  void theCommittedSummaryAndTradeOffChartsAreTheSweepsOutput() throws IOException {
    assertThat(Files.readString(out.resolve("summary.csv")))
        .isEqualTo(Files.readString(COMMITTED.resolve("summary.csv")));
    List<Path> committed;
    try (Stream<Path> files = Files.list(COMMITTED.resolve("charts"))) {
      committed = files.filter(f -> f.toString().endsWith(".csv") || f.toString().endsWith(".svg"))
          .sorted().toList();
    }
    assertThat(committed).hasSize(4);
    for (Path file : committed) {
      assertThat(Files.readString(out.resolve("charts").resolve(file.getFileName())))
          .as(file.toString()).isEqualTo(Files.readString(file));
    }
  }

  @Test
  void thePagesTableIsTheCommittedSummary() throws IOException {
    assertThat(Files.readString(PAGE)).contains(table(COMMITTED.resolve("summary.csv")));
  }

  /**
   * The page's table: per configuration (policy and sharing), the mean over seeds of each metric,
   * in display units. docs/images/regenerate-llm-colocation.sh writes the same table into the page.
   */
  static String table(Path summaryCsv) throws IOException {
    Map<String, Map<String, Double>> means = new LinkedHashMap<>();
    Map<String, String> labels = new LinkedHashMap<>();
    List<String> lines = Files.readAllLines(summaryCsv);
    List<String> header = List.of(lines.get(0).split(",", -1));
    int config = header.indexOf("configuration");
    int policy = header.indexOf("policy");
    int sharing = header.indexOf("sharing");
    int metric = header.indexOf("metric");
    int mean = header.indexOf("mean");
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",", -1);
      labels.put(cells[config], "`" + cells[policy] + "` | `" + cells[sharing] + "`");
      if (!cells[mean].isEmpty()) {
        means.computeIfAbsent(cells[config], k -> new LinkedHashMap<>())
            .put(cells[metric], Double.parseDouble(cells[mean]));
      }
    }
    StringBuilder sb = new StringBuilder("| policy | sharing | TTFT p99 (ms) | TPOT p99 (ms)"
        + " | TTFT p50 (ms) | TPOT p50 (ms) | SLO attainment | requests unfinished"
        + " | training samples/s | context switches | preemptions |\n"
        + "|---|---|---|---|---|---|---|---|---|---|---|\n");
    String app = "application.llm-serving.";
    for (Map.Entry<String, Map<String, Double>> e : means.entrySet()) {
      Map<String, Double> m = e.getValue();
      List<String> cells = new ArrayList<>(List.of(labels.get(e.getKey())));
      for (String id : List.of("ttft-p99", "tpot-p99", "ttft-p50", "tpot-p50")) {
        cells.add(String.format(Locale.ROOT, "%.1f", m.get(app + id) / 1e6));
      }
      cells.add(String.format(Locale.ROOT, "%.0f %%", m.get(app + "slo-attainment") * 100));
      cells.add(String.format(Locale.ROOT, "%.1f", m.get(app + "requests-unfinished")));
      cells.add(String.format(Locale.ROOT, "%.0f",
          m.get("application.training-loop.samples-per-second")));
      cells.add(String.format(Locale.ROOT, "%.0f", m.get("context-switches")));
      cells.add(String.format(Locale.ROOT, "%.0f", m.get("preemptions")));
      sb.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }
    return sb.toString();
  }

  @Test
  void thePagesPerSeedTableIsTheSweepsRuns() throws IOException {
    assertThat(Files.readString(PAGE)).contains(seeds(out.resolve("runs")));
  }

  /** The configurations whose seeds the page's per-seed table shows. */
  static final List<String> SEED_ROWS = List.of("priority__none", "time-slice__none",
      "timeslice-yield__none", "priority__mps", "time-slice__mps",
      "time-slice__mps-compare-priorities", "priority__mig-4g-3g");

  /**
   * The page's per-seed table: for each configuration of {@link #SEED_ROWS}, each seed's values
   * as the sweep's {@code runs/<configuration>/seed-<n>.json} records them (a metric without a
   * value, a TPOT where no finished request has two tokens, is shown as "–").
   */
  static String seeds(Path runs) throws IOException {
    ObjectMapper json = new ObjectMapper();
    StringBuilder sb = new StringBuilder("| configuration | seed | requests arrived"
        + " | requests finished | TTFT p99 (ms) | TPOT p50 (ms) | SLO attainment"
        + " | serving iterations | training samples/s |\n|---|---|---|---|---|---|---|---|---|\n");
    String app = "application.llm-serving.";
    for (String config : SEED_ROWS) {
      for (int seed = 1; seed <= 3; seed++) {
        JsonNode m = json.readTree(runs.resolve(config).resolve("seed-" + seed + ".json").toFile())
            .get("metrics");
        List<String> cells = new ArrayList<>(List.of("`" + config.replace("__", "` with `") + "`",
            Integer.toString(seed)));
        cells.add(String.format(Locale.ROOT, "%.0f", m.get(app + "requests-arrived").asDouble()));
        cells.add(String.format(Locale.ROOT, "%.0f", m.get(app + "requests-finished").asDouble()));
        for (String id : List.of("ttft-p99", "tpot-p50")) {
          JsonNode v = m.get(app + id);
          cells.add(v == null || v.isNull() ? "–"
              : String.format(Locale.ROOT, "%.1f", v.asDouble() / 1e6));
        }
        cells.add(String.format(Locale.ROOT, "%.0f %%",
            m.get(app + "slo-attainment").asDouble() * 100));
        cells.add(String.format(Locale.ROOT, "%.0f", m.get(app + "iterations").asDouble()));
        cells.add(String.format(Locale.ROOT, "%.0f",
            m.get("application.training-loop.samples-per-second").asDouble()));
        sb.append("| ").append(String.join(" | ", cells)).append(" |\n");
      }
    }
    return sb.toString();
  }

  /**
   * Prints the page's table from the committed summary (for regenerating the page) and, given a
   * sweep's output folder, its per-seed table.
   */
  public static void main(String[] args) throws IOException {
    System.out.print(table(COMMITTED.resolve("summary.csv")));
    if (args.length > 0) {
      System.out.print(seeds(Path.of(args[0], "runs")));
    }
  }
}
