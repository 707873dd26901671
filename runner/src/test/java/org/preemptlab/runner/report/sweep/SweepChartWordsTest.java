package org.preemptlab.runner.report.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.runner.cli.Main;
import org.preemptlab.runner.experiment.Vocabulary;

/**
 * A sweep's charts title their axes and legends in words with units, from the registry
 * ({@link Vocabulary}), never with the raw keys the sweep file varies: checked on every text of
 * every SVG and on the axis titles of every chart CSV of a small sweep of an LLM server that
 * varies {@code applications[0].arrival-rate} and {@code hardware.contention}.
 */
@Tag("slow") // eight serving runs end to end (about 10 s); VocabularyTest is the fast check
class SweepChartWordsTest {
  /** A raw key: an index in brackets, or a plugin section or metric kind followed by a dot. */
  private static final Pattern RAW_KEY = Pattern.compile(
      "\\[|\\b(hardware|policy|preemption|context-save|workload|application|applications|engine"
          + "|sharing)\\.[a-z]");
  private static final Pattern SVG_TEXT = Pattern.compile("<text[^>]*>([^<]*)</text>");

  @TempDir
  static Path dir;
  private static Path charts;

  @BeforeAll
  static void runASweepOfAnLlmServer() throws IOException {
    Path config = Files.writeString(dir.resolve("sweep.yaml"), """
        name: words
        base:
          hardware: h200
          workload:
            generator: none
          applications:
            - id: llm-serving
              parameters:
                duration: 60s
                drain: true
                max-requests: 6
                arrival-rate: 2
                prompt-tokens: 64
                output-tokens: 4
                length-distribution: fixed
                max-batch-tokens: 512
        vary:
          applications[0].arrival-rate: [2, 8]
          hardware.contention: [none, max-min-fair]
        seeds: 2
        metrics: [application.llm-serving.ttft-p99, throughput]
        trade-offs:
          - {x: throughput, y: application.llm-serving.ttft-p99}
        """);
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (PrintStream o = new PrintStream(sink, true, StandardCharsets.UTF_8)) {
      int exit = new Main(o, o).run("sweep", "--config", config.toString(), "--out",
          dir.resolve("out").toString(), "--jobs", "2");
      assertThat(exit).as(sink.toString(StandardCharsets.UTF_8)).isZero();
    }
    charts = dir.resolve("out").resolve(SweepCharts.DIRECTORY);
  }

  private static List<Path> files(String extension) throws IOException {
    try (Stream<Path> files = Files.list(charts)) {
      return files.filter(f -> f.toString().endsWith(extension)).sorted().toList();
    }
  }

  private static List<String> texts(Path svg) throws IOException {
    List<String> texts = new ArrayList<>();
    Matcher m = SVG_TEXT.matcher(Files.readString(svg));
    while (m.find()) {
      texts.add(m.group(1).replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"));
    }
    return texts;
  }

  @Test
  void noTextOfAnyChartIsARawKey() throws IOException {
    List<Path> svgs = files(".svg");
    assertThat(svgs).hasSizeGreaterThanOrEqualTo(4); // bars, against, trade-off at least
    for (Path svg : svgs) {
      for (String text : texts(svg)) {
        assertThat(RAW_KEY.matcher(text).find()).as(svg.getFileName() + ": " + text).isFalse();
      }
    }
  }

  @Test
  void theVariedKeysAreTitledInTheRegistrysWordsWithTheirUnits() throws IOException {
    String all = String.join("\n", texts(charts.resolve(
        "throughput-vs-applications-0-.arrival-rate.svg")))
        + String.join("\n", texts(charts.resolve("bars-throughput.svg")));
    assertThat(all).contains("arrival rate of application 1 (requests/s)")
        .contains("contention");
  }

  @Test
  void theChartCsvsAxisTitlesAreTheDrawnOnes() throws IOException {
    for (Path csv : files(".csv")) {
      for (var row : SweepChartsTest.rows(csv)) {
        assertThat(RAW_KEY.matcher(row.get("x_title")).find()).as(csv + ": " + row).isFalse();
        assertThat(RAW_KEY.matcher(row.get("y_title")).find()).as(csv + ": " + row).isFalse();
      }
    }
  }
}
