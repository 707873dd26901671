package org.preemptlab.runner.experiment.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunExecutor;

/**
 * The preemptive {@code priority} policy under spatial sharing, through the real executor: a HIGH
 * tenant whose kernels cannot place all their blocks preempts a LOW tenant that shares its SMs (MPS
 * without a cap), and never one in another MIG instance, whose SMs it could not use.
 */
class PriorityAcrossPartitionsTest {
  private static final RunExecutor EXECUTOR =
      new RunExecutor(PluginRegistry.discover(PriorityAcrossPartitionsTest.class.getClassLoader()));

  private static int preemptions(String sharing) {
    String yaml = "hardware: h200\npolicy: priority\npreemption: block-boundary\n"
        + "context-save: full\n" + sharing + "workload:\n  spec:\n    duration: 10ms\n"
        + "    contexts: [{id: lc}, {id: train}]\n"
        + "    queues:\n"
        + "      - id: infer\n        context: lc\n        priority: HIGH\n"
        + "        arrival: {process: periodic, period: 1ms, start: 300us}\n"
        + "        kernels: [{name: k, grid-blocks: 264, threads-per-block: 1024,"
        + " registers-per-thread: 64, block-time: 50us}]\n"
        + "      - id: train\n        context: train\n        priority: LOW\n        serial: true\n"
        + "        arrival: {process: closed-loop, clients: 1, think-time: 10us}\n"
        + "        kernels: [{name: g, grid-blocks: 528, threads-per-block: 1024,"
        + " registers-per-thread: 64, block-time: 400us}]\n";
    return EXECUTOR.execute(ConfigLoader.parse(yaml, "run.yaml")).result().preemptions().size();
  }

  @Test
  void aHighTenantPreemptsALowOneThatSharesItsSms() {
    assertThat(preemptions("sharing: {mode: mps}\n")).isPositive();
  }

  @Test
  void aHighTenantNeverPreemptsALowOneInAnotherMigInstance() {
    assertThat(preemptions("sharing:\n  mode: mig\n"
        + "  instances: [{name: a, profile: 3g}, {name: b, profile: 4g}]\n"
        + "  contexts: {lc: {instance: a}, train: {instance: b}}\n")).isZero();
  }
}
