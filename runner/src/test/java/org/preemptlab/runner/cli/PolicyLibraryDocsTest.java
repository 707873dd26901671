package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The charts of docs/policies.md ("Side by side on an H200") are the policy library sweep's output
 * today: the sweep is run again and the numbers each committed chart draws (its CSV, written beside
 * the PNG by docs/images/regenerate.sh) are compared with the fresh ones.
 */
@Tag("slow")
class PolicyLibraryDocsTest {
  private static final Path IMAGES = Path.of("..", "docs", "images");
  /** The sweep's chart name to the committed name. */
  private static final Map<String, String> CHARTS = Map.of(
      "bars-deadline-misses", "policy-library-deadline-misses",
      "bars-antt", "policy-library-antt",
      "bars-stp", "policy-library-stp",
      "bars-turnaround-p99_priority-highest", "policy-library-high-turnaround-p99");

  @Test
  void theCommittedChartsDrawWhatThePolicyLibrarySweepGivesNow(@TempDir Path dir)
      throws IOException {
    Path out = dir.resolve("policy-library");
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (PrintStream o = new PrintStream(sink, true, StandardCharsets.UTF_8)) {
      int exit = new Main(o, o).run("sweep", "--config",
          Path.of("..", "examples", "configs", "policy-library.yaml").toString(), "--out",
          out.toString(), "--jobs", "2", "--yes");
      assertThat(exit).as(sink.toString(StandardCharsets.UTF_8)).isZero();
    }
    for (Map.Entry<String, String> chart : CHARTS.entrySet()) {
      Path committed = IMAGES.resolve(chart.getValue() + ".csv");
      assertThat(Files.readString(out.resolve("charts").resolve(chart.getKey() + ".csv")))
          .as(committed + " is stale: run docs/images/regenerate.sh")
          .isEqualTo(Files.readString(committed));
      assertThat(IMAGES.resolve(chart.getValue() + ".png")).exists();
    }
  }
}
