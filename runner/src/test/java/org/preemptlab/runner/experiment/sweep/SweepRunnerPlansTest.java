package org.preemptlab.runner.experiment.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunPlan;
import org.preemptlab.runner.experiment.YamlBinding;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.metrics.Metrics;

class SweepRunnerPlansTest {
  static final RunExecutor EXECUTOR = new RunExecutor(PluginRegistry.discover(Optional.empty()));

  static final SweepPlan SWEEP = SweepPlan.of(YamlBinding.parse(SmallSweep.BASE + """
      vary:
        policy: [fifo, priority]
      seeds: 2
      """, "s.yaml", SweepConfig.class).orElseThrow());

  @Test
  void runsCreatedFromTheConfigurationsPlansStoreTheSameResultsAsRunsResolvingTheirOwn(
      @TempDir Path dir) throws IOException {
    List<MetricSelection> recorded = RunResult.recorded(Metrics.builtIn(),
        SWEEP.config().selections(Metrics.builtIn()));
    int failedOwn = new SweepRunner(EXECUTOR, new ResultStore(dir.resolve("own")), 2,
        Optional.empty(), recorded, Map.of()).run(SWEEP.runs(), quiet());
    int failedPlanned = new SweepRunner(EXECUTOR, new ResultStore(dir.resolve("planned")), 2,
        Optional.empty(), recorded, Map.of()).resolvedAs(SWEEP, SWEEP.plans(EXECUTOR))
        .run(SWEEP.runs(), quiet());

    assertThat(failedOwn).isZero();
    assertThat(failedPlanned).isZero();
    List<Path> own = files(dir.resolve("own"));
    assertThat(own).hasSize(4);
    assertThat(files(dir.resolve("planned"))).isEqualTo(own);
    for (Path file : own) {
      assertThat(Files.readString(dir.resolve("planned").resolve(file))).as(file.toString())
          .isEqualTo(Files.readString(dir.resolve("own").resolve(file)));
    }
  }

  @Test
  void plansForAnotherSweepAreRefused() {
    List<RunPlan> one = SWEEP.plans(EXECUTOR).subList(0, 1);

    assertThatThrownBy(() -> new SweepRunner(EXECUTOR, new ResultStore(Path.of("unused")), 1,
        Optional.empty(), List.of(), Map.of()).resolvedAs(SWEEP, one))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("1 plans for 2 configurations");
  }

  private static List<Path> files(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile).map(dir::relativize).sorted().toList();
    }
  }

  private static SweepProgress quiet() {
    return new SweepProgress() {
      @Override
      public void start(int total, int done) {}

      @Override
      public void completed(PlannedRun run, RunResult result) {}

      @Override
      public void close() {}
    };
  }
}
