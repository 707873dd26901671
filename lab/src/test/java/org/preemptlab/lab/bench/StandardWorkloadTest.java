package org.preemptlab.lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.policy.SchedulingPolicyProvider;
import org.preemptlab.api.preemption.ContextSaveStrategyProvider;
import org.preemptlab.api.preemption.PreemptionStrategyProvider;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.RunPlugins;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.engine.Simulator;
import org.preemptlab.testkit.TestPlugins;

/**
 * The engine reproduces docs/standard-workload.md to the nanosecond with the bundled FIFO policy,
 * block-boundary preemption and full context save (here because the standard workload is the
 * lab's).
 */
@Tag("slow")
class StandardWorkloadTest {

  @ParameterizedTest(name = "N = {0}")
  @CsvSource({
      "200, 121836, 11872947, 59196686",
      "2000, 1191564, 109272747, 627806872"})
  void engineReproducesTheStandardWorkloadsPublishedResults(int n, long blocks, long makespan,
      long turnaroundSum) {
    DeviceSpec device = StandardWorkload.device();
    RunPlugins plugins = new RunPlugins("fifo",
        kind -> TestPlugins.create(TestPlugins.provider(SchedulingPolicyProvider.class, "fifo"),
            device),
        "block-boundary", TestPlugins.create(
            TestPlugins.provider(PreemptionStrategyProvider.class, "block-boundary"), device),
        "full", TestPlugins.create(
            TestPlugins.provider(ContextSaveStrategyProvider.class, "full"), device));
    SimulationResult result = new Simulator(StandardWorkload.workload(n),
        StandardWorkload.hardware(), plugins, EngineOptions.defaults()).run();

    assertThat(result.blocksExecuted()).isEqualTo(blocks);
    assertThat(result.makespanNs()).isEqualTo(makespan);
    assertThat(result.jobs().stream().mapToLong(JobRecord::turnaroundNs).sum())
        .isEqualTo(turnaroundSum);
    assertThat(result.preemptions()).isEmpty();
  }
}
