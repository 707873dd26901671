package org.preemptlab.runner.experiment.sharing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;

/**
 * The denominator of a job's slowdown under spatial sharing, through the real executor: a job run
 * alone within its partition (the default) or on the whole device ({@code slowdown-baseline:
 * device}). The tenant {@code lc} runs one kernel of 264 one-per-SM blocks of 100 us before the
 * other tenant's only job arrives, so nothing interferes with it: 2 waves on the 132 SMs of an
 * H200, 5 waves on a 3g instance's 60 SMs, 4 waves on an MPS share of 66 SMs.
 */
class SlowdownBaselineTest {
  private static final RunExecutor EXECUTOR =
      new RunExecutor(PluginRegistry.discover(SlowdownBaselineTest.class.getClassLoader()));

  private static String config(String hardware, String sharing, String dramBytes) {
    return "hardware: " + hardware + "\npolicy: fifo\npreemption: block-boundary\n"
        + "context-save: full\n" + sharing + "workload:\n  spec:\n    duration: 50ms\n"
        + "    contexts: [{id: lc}, {id: train}]\n"
        + "    queues:\n"
        + "      - id: infer\n        context: lc\n        jobs: 1\n"
        + "        arrival: {process: closed-loop, clients: 1, think-time: 0}\n"
        + "        kernels: [{name: k, grid-blocks: 264, threads-per-block: 1024,"
        + " registers-per-thread: 64, block-time: 100us, dram-bytes-per-block: " + dramBytes
        + "}]\n"
        + "      - id: other\n        context: train\n        jobs: 1\n"
        + "        arrival: {process: closed-loop, clients: 1, think-time: 0, start: 20ms}\n"
        + "        kernels: [{name: j, grid-blocks: 64, threads-per-block: 256,"
        + " block-time: 10us}]\n";
  }

  private static final String MIG = "sharing:\n  mode: mig\n"
      + "  instances: [{name: a, profile: 3g}, {name: b, profile: 4g}]\n"
      + "  contexts: {lc: {instance: a}, train: {instance: b}}\n";

  private static double slowdownOfInfer(String yaml) {
    RunOutcome outcome = EXECUTOR.execute(ConfigLoader.parse(yaml, "run.yaml"));
    long infer = outcome.result().jobs().stream().filter(j -> j.queueId().equals("infer"))
        .findFirst().orElseThrow().jobId();
    return outcome.metrics().slowdowns().get(infer);
  }

  @Test
  void aJobAloneInItsMigInstanceHasASlowdownOfOneByDefault() {
    assertThat(slowdownOfInfer(config("h200", MIG, "0"))).isCloseTo(1.0, within(0.02));
  }

  @Test
  void againstTheWholeDeviceTheSameJobPaysForItsSmallerInstance() {
    double slowdown = slowdownOfInfer(config("h200",
        MIG + "  slowdown-baseline: device\n", "0"));

    assertThat(slowdown).as("5 waves on 60 SMs against 2 on 132").isCloseTo(2.5, within(0.1));
  }

  @Test
  void anMpsCappedClientIsMeasuredAloneWithinItsShare() {
    String mps = "sharing:\n  mode: mps\n  contexts: {lc: {active-thread-percentage: 50}}\n";

    assertThat(slowdownOfInfer(config("h200", mps, "0"))).isCloseTo(1.0, within(0.02));
    assertThat(slowdownOfInfer(config("h200", mps + "  slowdown-baseline: device\n", "0")))
        .as("4 waves on 66 SMs against 2 on 132").isCloseTo(2.0, within(0.1));
  }

  @Test
  void withContentionTheIsolatedRunHasItsInstancesShareOfTheBandwidth() {
    // One block moves 8 MB in 100 us, 80 GB/s. In the 3g instance (4/8 of the H200's 4,800
    // GB/s) 60 blocks ask for 4,800 of 2,400 GB/s: 4 waves at half speed and a last one of 24
    // blocks at full speed, 900 us. On the whole device 132 blocks ask for 10,560 of 4,800: 2
    // waves of 220 us, 440 us. An isolated run given the whole device's bandwidth would say 500 us.
    String hardware = "{id: h200, parameters: {contention: max-min-fair}}";

    assertThat(slowdownOfInfer(config(hardware, MIG, "8MB"))).isCloseTo(1.0, within(0.02));
    assertThat(slowdownOfInfer(config(hardware, MIG + "  slowdown-baseline: device\n", "8MB")))
        .as("900 us against 440 us").isCloseTo(2.05, within(0.1));
  }

  @Test
  void anUnknownBaselineIsOneLineWithTheValidChoices() {
    assertThatThrownBy(() -> ConfigLoader.parse(config("h200",
        MIG + "  slowdown-baseline: gpu\n", "0"), "run.yaml"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("run.yaml:")
        .hasMessageEndingWith("sharing.slowdown-baseline: unknown slowdown baseline 'gpu';"
            + " valid: device, partition")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  private static org.assertj.core.data.Offset<Double> within(double offset) {
    return org.assertj.core.data.Offset.offset(offset);
  }
}
