package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code preemptlab capacity}: bisection over runs, every probe kept, the same answer twice. */
class CapacityCommandTest {
  @TempDir Path dir;

  private static final String CONFIG = """
      name: capacity-test
      seed: 3
      hardware: h200
      workload:
        generator: none
      applications:
        - id: llm-serving
          parameters:
            duration: 600s
            drain: true
            max-requests: 30
            arrival-rate: 1
            prompt-tokens: 256
            output-tokens: 8
            length-distribution: fixed
            max-batch-tokens: 512
      """;

  private String[] args(Path out, String require) throws IOException {
    Path config = Files.writeString(dir.resolve("capacity.yaml"), CONFIG);
    return new String[] {"capacity", "--config", config.toString(), "--low", "1", "--high",
        "1000", "--steps", "3", "--require", require, "--out", out.toString()};
  }

  @Test
  @Tag("slow") // eight serving runs: an end-to-end command
  void theSearchBisectsBetweenTheBoundsKeepsEveryProbeAndRepeatsExactly() throws IOException {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    PrintStream o = new PrintStream(text, true, StandardCharsets.UTF_8);
    Path first = dir.resolve("first");
    Path second = dir.resolve("second");
    String require = "application.llm-serving.ttft-p99<=20ms";

    assertThat(new Main(o, o).run(args(first, require))).isZero();
    assertThat(new Main(o, o).run(args(second, require))).isZero();

    List<String> rows = Files.readAllLines(first.resolve("capacity.csv"));
    assertThat(rows.get(0)).isEqualTo(
        "probe,value,application.llm-serving.ttft-p99,met,folder");
    // The bounds, then three midpoints: 500.5, then 250.75 or 750.25, and so on.
    assertThat(rows).hasSize(6);
    assertThat(rows.get(1)).startsWith("1,1,").endsWith(",true,probe-1");
    assertThat(rows.get(2)).startsWith("2,1000,").endsWith(",false,probe-1000");
    assertThat(rows.get(3)).startsWith("3,500.5,");
    for (String row : rows.subList(1, rows.size())) {
      String folder = row.substring(row.lastIndexOf(',') + 1);
      assertThat(first.resolve(folder).resolve("llm-serving/requests.csv")).exists();
    }
    assertThat(Files.readString(second.resolve("capacity.csv")))
        .isEqualTo(Files.readString(first.resolve("capacity.csv")));
    assertThat(text.toString(StandardCharsets.UTF_8))
        .contains("applications[0].arrival-rate: capacity ");
  }

  @Test
  void aMalformedObjectiveIsAOneLineError() throws IOException {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
    PrintStream o = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    assertThat(new Main(o, e).run(args(dir.resolve("out"), "tbt-p99 < 5"))).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8).strip()).isEqualTo("preemptlab capacity: "
        + "--require tbt-p99 < 5: expected METRIC<=VALUE or METRIC>=VALUE, e.g. "
        + "application.llm-serving.tbt-p99<=200ms");
  }
}
