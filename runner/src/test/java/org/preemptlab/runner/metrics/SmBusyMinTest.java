package org.preemptlab.runner.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;
import org.preemptlab.runner.experiment.sweep.RunResult;

/**
 * {@code sm-busy-min}, a metric computed on request: one collector class and one declaration, no
 * engine change; a run observes every block only when it reports the metric.
 */
class SmBusyMinTest {
  private static final MetricSelection SM_BUSY_MIN =
      MetricSelection.parse("sm-busy-min", Metrics.builtIn());

  /** One kernel of {@code blocks} 1,024-thread blocks of 10 us on 4 SMs of 2,048 threads. */
  private static RunOutcome run(int blocks, boolean reported) {
    String yaml = """
        name: busy
        hardware: {id: h200, parameters: {sm-count: 4}}
        policy: fifo
        preemption: block-boundary
        context-save: full
        workload:
          spec:
            duration: 1us
            contexts:
              - {id: app}
            queues:
              - id: q
                context: app
                jobs: 1
                arrival: {process: periodic, period: 1ms}
                kernels:
                  - {name: k, grid-blocks: %d, threads-per-block: 1024, block-time: 10us}
        """.formatted(blocks);
    RunExecutor executor = new RunExecutor(PluginRegistry.discover(Optional.empty()));
    return (reported ? executor.reporting(List.of(SM_BUSY_MIN)) : executor)
        .execute(ConfigLoader.parse(yaml, "busy.yaml"));
  }

  @Test
  void theLeastBusySmExecutedOneBlockWhenEverySmGotOne() {
    RunOutcome outcome = run(4, true);

    assertThat(outcome.metrics().data().observed(SmBusyCollector.OBSERVATION))
        .containsExactly(10_000L, 10_000L, 10_000L, 10_000L);
    assertThat(outcome.metrics().value(SM_BUSY_MIN))
        .isEqualTo(10_000.0 / outcome.result().makespanNs());
  }

  @Test
  void anSmThatNeverRanABlockMakesItZero() {
    RunOutcome outcome = run(2, true); // the two blocks go to SMs 0 and 1 (most free threads)

    assertThat(outcome.metrics().data().observed(SmBusyCollector.OBSERVATION))
        .containsExactly(10_000L, 10_000L, 0L, 0L);
    assertThat(outcome.metrics().value(SM_BUSY_MIN)).isZero();
  }

  @Test
  void aRunNotAskedForItDoesNotObserveBlocksAndSaysSoWhenAskedAfterwards() {
    RunOutcome outcome = run(4, false);

    assertThat(outcome.metrics().data().collected(SmBusyCollector.OBSERVATION)).isFalse();
    assertThatThrownBy(() -> outcome.metrics().value(SM_BUSY_MIN))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("'busy-time-by-sm' was not collected");
  }

  @Test
  void aSweepRecordsItOnlyWhenItsMetricsNameIt() {
    List<String> recorded = RunResult.recorded(Metrics.builtIn(), List.of()).stream()
        .map(MetricSelection::key).toList();
    List<String> asked = RunResult.recorded(Metrics.builtIn(), List.of(SM_BUSY_MIN)).stream()
        .map(MetricSelection::key).toList();

    assertThat(recorded).contains("sm-utilisation").doesNotContain("sm-busy-min");
    assertThat(asked).endsWith("sm-busy-min");
  }

  @Test
  void theShippedExampleSweepShowsMigLeavingSmsIdleAndMpsNot(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) throws Exception {
    org.preemptlab.runner.cli.CliRun run = org.preemptlab.runner.cli.CliRun.of("sweep",
        "--config", "../examples/configs/idle-sms.yaml", "--out", dir.resolve("o").toString());

    assertThat(run.exit()).as(run.err()).isZero();
    List<String> rows = java.nio.file.Files.readAllLines(dir.resolve("o/results.csv")).stream()
        .filter(row -> row.contains(",sm-busy-min,")).toList();
    assertThat(rows).hasSize(3);
    assertThat(rows).filteredOn(row -> row.startsWith("mig-2g-4g,")).singleElement()
        .satisfies(row -> assertThat(row).endsWith(",fraction,0,"));
    assertThat(rows).filteredOn(row -> row.startsWith("mps,")).singleElement()
        .satisfies(row -> assertThat(Double.parseDouble(row.split(",")[6])).isGreaterThan(0.5));
  }

  @Test
  void mergingKeepsTheUnionOfRandomIntervals() {
    Random random = new Random(26);
    for (int trial = 0; trial < 200; trial++) {
      int n = 1 + random.nextInt(40);
      long[] list = new long[2 * n];
      boolean[] covered = new boolean[200];
      for (int i = 0; i < n; i++) {
        long start = random.nextInt(190);
        long end = start + 1 + random.nextInt(10);
        list[2 * i] = start;
        list[2 * i + 1] = end;
        for (long t = start; t < end; t++) {
          covered[(int) t] = true;
        }
      }
      int used = SmBusyCollector.merge(list, list.length);
      long union = 0;
      List<Long> bounds = new ArrayList<>();
      for (int k = 0; k < used; k += 2) {
        union += list[k + 1] - list[k];
        bounds.add(list[k]);
        bounds.add(list[k + 1]);
      }
      long expected = 0;
      for (boolean c : covered) {
        expected += c ? 1 : 0;
      }
      assertThat(union).as("trial %s", trial).isEqualTo(expected);
      assertThat(bounds).as("sorted and disjoint").isSorted();
    }
  }
}
