package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An application run shows the application's own results first, from the metrics the application
 * registers (no list kept by the runner): on the console above the kernel-level figures and the
 * queue table, and in summary.json as {@code applications} before {@code metrics}.
 */
class ApplicationSummaryTest {
  private static final String LOOP = """
      name: loop
      applications:
        - id: training-loop
          parameters: {iterations: 4, batch-size: 8, forward-grid: 132, forward-threads: 256,
            forward-registers: 32, forward-block-time: 20us, backward-grid: 132,
            backward-threads: 256, backward-registers: 32, backward-block-time: 20us,
            optimizer-grid: 132, optimizer-threads: 256, optimizer-registers: 32,
            optimizer-block-time: 20us}
      """;

  @Test
  void aTrainingLoopRunPrintsItsIterationsAndThroughputBeforeTheKernelTables(@TempDir Path tmp)
      throws IOException {
    Path config = Files.writeString(tmp.resolve("loop.yaml"), LOOP);

    CliRun run = CliRun.of("run", "--config", config.toString(), "--out",
        tmp.resolve("out").toString());

    assertThat(run.exit()).as(run.err()).isZero();
    String out = run.out();
    int application = out.indexOf("application training-loop");
    assertThat(application).as(out).isPositive();
    assertThat(out).containsPattern("(?m)^iterations +4 *$")
        .containsPattern("(?m)^training samples/s +[0-9.]+ +1/s *$")
        .containsPattern("(?m)^iteration time p50 +[0-9.]+ +(µs|ms) *$");
    assertThat(out.indexOf("kernels (every job of the run")).isGreaterThan(application);
    assertThat(out.indexOf("\njobs ")).isGreaterThan(application);
    String summary = Files.readString(tmp.resolve("out/summary.json"));
    assertThat(summary.indexOf("\"applications\" : {")).isPositive()
        .isLessThan(summary.indexOf("\"metrics\" : {"));
    assertThat(summary).contains("\"training-loop\" : {", "\"iterations\" : 4.0",
        "\"samples-per-second\" : ");
  }

  @Test
  void aRunWithoutApplicationsPrintsNoApplicationSection() {
    CliRun run = CliRun.of("run", "--workload", "csv-trace", "--set",
        "workload.path=../examples/traces/small.csv");

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).doesNotContain("application ").doesNotContain("kernels (every job")
        .contains("\njobs ");
  }
}
