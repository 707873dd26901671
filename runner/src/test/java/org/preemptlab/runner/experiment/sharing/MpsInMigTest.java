package org.preemptlab.runner.experiment.sharing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;

/**
 * Several contexts in one MIG instance, through the real executor: refused with a one-line error
 * unless the instance runs MPS ({@code mps: true}), when they are co-resident on its SMs only.
 * Each of the two contexts submits one kernel of one-per-SM blocks of 100 us at time 0.
 */
class MpsInMigTest {
  private static final RunExecutor EXECUTOR =
      new RunExecutor(PluginRegistry.discover(MpsInMigTest.class.getClassLoader()));

  private static String config(String instance) {
    return config(instance, 120);
  }

  private static String config(String instance, int blocks) {
    String kernel = "kernels: [{name: k, grid-blocks: " + blocks + ", threads-per-block: 1024,"
        + " registers-per-thread: 64, block-time: 100us}]\n";
    return "hardware: h200\npolicy: fifo\npreemption: block-boundary\ncontext-save: full\n"
        + "sharing:\n  mode: mig\n  instances: [" + instance + "]\n"
        + "  contexts: {a: {instance: shared}, b: {instance: shared}}\n"
        + "workload:\n  spec:\n    duration: 10ms\n    contexts: [{id: a}, {id: b}]\n"
        + "    queues:\n"
        + "      - id: qa\n        context: a\n        jobs: 1\n"
        + "        arrival: {process: closed-loop, clients: 1, think-time: 0}\n"
        + "        " + kernel
        + "      - id: qb\n        context: b\n        jobs: 1\n"
        + "        arrival: {process: closed-loop, clients: 1, think-time: 0}\n"
        + "        " + kernel;
  }

  @Test
  void twoContextsInOneInstanceAreRefusedWithoutMps() {
    assertThatThrownBy(() -> EXECUTOR.execute(ConfigLoader.parse(
        config("{name: shared, profile: 3g}"), "run.yaml")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("sharing.contexts.b.instance: MIG instance 'shared' already runs context 'a';"
            + " time slicing inside an instance is not modelled: give each context its own"
            + " instance, or run MPS in it (mps: true)");
  }

  @Test
  void withMpsInTheInstanceBothContextsShareItsSmsWithoutAContextSwitch() {
    RunOutcome small = EXECUTOR.execute(ConfigLoader.parse(
        config("{name: shared, profile: 3g, mps: true}", 30), "run.yaml"));

    assertThat(small.result().contextSwitches()).isZero();
    assertThat(small.result().jobs()).as("30 + 30 blocks fit the 60 SMs at once")
        .allSatisfy(j -> assertThat(j.firstStartNs()).isLessThan(50_000L));
  }

  @Test
  void theContextsOfAnMpsInstanceStayOnItsSms() {
    RunOutcome outcome = EXECUTOR.execute(ConfigLoader.parse(
        config("{name: shared, profile: 3g, mps: true}"), "run.yaml"));

    // 240 blocks on the 3g instance's 60 SMs: 4 waves of 100 us; on the whole device (132 SMs)
    // they would take 2.
    long last = outcome.result().jobs().stream().mapToLong(JobRecord::finishNs).max()
        .orElseThrow();
    assertThat(last).isBetween(400_000L, 450_000L);
  }
}
