package org.preemptlab.runner.experiment.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.YamlBinding;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.sweep.SweepConfig;

/**
 * Runs of the worked comparison's configurations through the real executor: the same seed gives
 * identical results in every sharing mode, and the modes differ from one another.
 */
class SharingRunsTest {
  private static final RunExecutor EXECUTOR =
      new RunExecutor(PluginRegistry.discover(SharingRunsTest.class.getClassLoader()));

  /** The comparison's base with its {@code index}-th sharing setup, on a 5 ms horizon. */
  private static RunConfig setup(int index) {
    SweepConfig sweep = YamlBinding.read(Path.of("..", "examples", "configs",
        "sharing-comparison.yaml"), SweepConfig.class).orElseThrow();
    org.preemptlab.runner.experiment.WorkloadConfig workload = sweep.base().workload();
    RunConfig base = sweep.base().withWorkload(new org.preemptlab.runner.experiment.WorkloadConfig(
        workload.generator(), workload.parameters(), workload.spec().withDuration(5_000_000L)));
    org.preemptlab.runner.experiment.sweep.Factor sharing = sweep.factors().stream()
        .filter(f -> f.key().equals("sharing")).findFirst().orElseThrow();
    return sharing.apply(base, sharing.levels().get(index)).withSeed(3);
  }

  private static List<JobRecord> jobs(RunConfig config) {
    SimulationResult result = EXECUTOR.execute(config).result();
    List<JobRecord> rows = new ArrayList<>();
    for (int i = 0; i < result.jobs().size(); i++) {
      rows.add(result.jobs().get(i));
    }
    return rows;
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 3, 4})
  void theSameSeedGivesIdenticalJobRecordsInEveryMode(int index) {
    RunConfig config = setup(index);

    assertThat(jobs(config)).isEqualTo(jobs(config)).isNotEmpty();
  }

  @org.junit.jupiter.api.Test
  void everySharingModeChangesTheOutcomeAgainstTimeSlicing() {
    List<JobRecord> timeSliced = jobs(setup(0));
    for (int index = 1; index < 5; index++) {
      assertThat(jobs(setup(index))).as("setup %s", index).isNotEqualTo(timeSliced);
    }
  }
}
