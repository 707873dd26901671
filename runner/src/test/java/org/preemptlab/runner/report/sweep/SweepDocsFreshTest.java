package org.preemptlab.runner.report.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.runner.cli.Main;

/**
 * The committed example sweep in {@code docs/images/policy-sweep} is what the code writes today:
 * the sweep is run again and its summaries and every chart (the data, the SVG and the PDF, all
 * byte-identical from run to run) are compared with the committed copies. When it fails,
 * regenerate them with {@code docs/images/regenerate.sh} (QUICK=1 for this sweep alone).
 */
@Tag("slow")
class SweepDocsFreshTest {
  private static final Path DOCS = Path.of("..", "docs", "images", "policy-sweep");

  @Test
  void theCommittedPolicySweepChartsAndSummariesAreUpToDate(@TempDir Path dir)
      throws IOException {
    Path out = dir.resolve("policy-sweep");
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (PrintStream o = new PrintStream(sink, true, StandardCharsets.UTF_8)) {
      int exit = new Main(o, o).run("sweep", "--config",
          Path.of("..", "examples", "configs", "policy-sweep.yaml").toString(), "--out",
          out.toString(), "--jobs", "2");
      assertThat(exit).as(sink.toString(StandardCharsets.UTF_8)).isZero();
    }
    List<Path> committed;
    try (Stream<Path> files = Files.walk(DOCS)) {
      committed = files.filter(Files::isRegularFile).map(DOCS::relativize).sorted().toList();
    }
    List<Path> written;
    try (Stream<Path> files = Files.walk(out.resolve("charts"))) {
      written = files.filter(Files::isRegularFile).map(out::relativize).sorted().toList();
    }
    assertThat(committed).as("docs/images/policy-sweep is stale: run docs/images/regenerate.sh")
        .containsAll(written);
    for (Path file : committed) {
      String name = file.toString();
      if (name.endsWith(".png")) {
        continue; // rasterised text may differ between font installations; its SVG is compared
      }
      assertThat(Files.readString(out.resolve(file), StandardCharsets.ISO_8859_1))
          .as(name + " is stale: run docs/images/regenerate.sh")
          .isEqualTo(Files.readString(DOCS.resolve(file), StandardCharsets.ISO_8859_1));
    }
  }
}
