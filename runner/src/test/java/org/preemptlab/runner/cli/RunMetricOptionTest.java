package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;
import org.preemptlab.runner.metrics.DisplayUnit;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.metrics.Metrics;

/**
 * {@code run --metric ID}: a single run reports a metric by name, including one computed on
 * request, which the run then collects (and {@code summary.json} then holds).
 */
class RunMetricOptionTest {
  /** Two queues on 4 SMs: small, so that each test runs in well under a second. */
  private static final String YAML = """
      name: two-queues
      hardware: {id: h200, parameters: {sm-count: 4}}
      policy: fifo
      preemption: block-boundary
      context-save: full
      workload:
        spec:
          duration: 1ms
          contexts:
            - {id: app}
          queues:
            - id: inference
              context: app
              arrival: {process: poisson, mean-interval: 50us}
              kernels:
                - {name: k, grid-blocks: 3, threads-per-block: 1024, block-time: 10us}
            - id: training
              context: app
              arrival: {process: periodic, period: 200us}
              kernels:
                - {name: t, grid-blocks: 8, threads-per-block: 512, block-time: 40us}
      """;

  @TempDir Path dir;
  private String config;

  @org.junit.jupiter.api.BeforeEach
  void writeConfig() throws Exception {
    config = Files.writeString(dir.resolve("two-queues.yaml"), YAML).toString();
  }

  /** The value the API gives for {@code key} on the same configuration, as the table shows it. */
  private static String expected(String key) {
    MetricSelection selection = MetricSelection.parse(key, Metrics.builtIn());
    RunOutcome outcome = new RunExecutor(PluginRegistry.discover(Optional.empty()))
        .reporting(List.of(selection)).execute(ConfigLoader.parse(YAML, "two-queues.yaml"));
    double value = outcome.metrics().value(selection);
    return DisplayUnit.of(selection.metric().unit(), value).format(value);
  }

  @Test
  void printsEachRequestedMetricOnceWithTheValueTheApiGives() throws Exception {
    CliRun run = CliRun.of("run", "--config", config, "--out", dir.resolve("o").toString(),
        "--metric", "sm-busy-min", "--metric", "turnaround-p99@queue=inference",
        "--metric", "sm-busy-min");

    assertThat(run.exit()).as(run.err()).isZero();
    String table = run.out().substring(run.out().indexOf("requested metrics:"));
    assertThat(table.lines().filter(l -> l.startsWith("sm-busy-min "))).singleElement()
        .satisfies(l -> assertThat(l.split("\\s+")[1]).isEqualTo(expected("sm-busy-min")));
    assertThat(table.lines().filter(l -> l.startsWith("turnaround-p99@queue=inference ")))
        .singleElement().satisfies(l -> assertThat(l.split("\\s+")[1])
            .isEqualTo(expected("turnaround-p99@queue=inference")));
    JsonNode byId = new ObjectMapper().readTree(dir.resolve("o/summary.json").toFile())
        .path("metrics").path("by-id");
    assertThat(byId.has("sm-busy-min")).as("collected, so written").isTrue();
  }

  @Test
  void withoutTheOptionNothingIsCollectedOnRequest() throws Exception {
    CliRun run = CliRun.of("run", "--config", config, "--out", dir.resolve("o").toString());

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).doesNotContain("requested metrics:");
    JsonNode byId = new ObjectMapper().readTree(dir.resolve("o/summary.json").toFile())
        .path("metrics").path("by-id");
    assertThat(byId.has("sm-busy-min")).isFalse();
  }

  @Test
  void anUnknownMetricFailsBeforeTheRunNamingTheValidOnes() {
    CliRun run = CliRun.of("run", "--config", config, "--out", dir.resolve("o").toString(),
        "--metric", "sm-busy-mni");

    assertThat(run.oneLineError(2)).startsWith("preemptlab run: --metric sm-busy-mni: ")
        .contains("unknown metric 'sm-busy-mni'").contains("sm-busy-min");
    assertThat(dir.resolve("o")).doesNotExist();
  }

  @Test
  void aScopeTheRunLacksFailsAfterTheOutputsAreWritten() {
    CliRun run = CliRun.of("run", "--config", config, "--out", dir.resolve("o").toString(),
        "--metric", "turnaround-p99@queue=infer");

    assertThat(run.oneLineError(2))
        .isEqualTo("preemptlab run: --metric turnaround-p99@queue=infer: unknown queue 'infer'; "
            + "valid: inference, training");
    assertThat(Files.exists(dir.resolve("o/summary.json"))).isTrue();
  }

  @Test
  void aRunLevelMetricRefusesAScope() {
    CliRun run = CliRun.of("run", "--config", config, "--metric", "sm-busy-min@queue=inference");

    assertThat(run.oneLineError(2)).isEqualTo("preemptlab run: --metric "
        + "sm-busy-min@queue=inference: metric 'sm-busy-min' is defined for the whole run only; "
        + "drop '@queue=inference'");
  }
}
