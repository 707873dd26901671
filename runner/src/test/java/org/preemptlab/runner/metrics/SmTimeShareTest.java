package org.preemptlab.runner.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;

/** {@code sm-time-share}: each scope's part of the SM time, collected from the real engine. */
class SmTimeShareTest {

  /**
   * Three queues in two contexts with exact block times: a (HIGH) 4 blocks of 10 us, b (LOW) 2 of
   * 5 us in context one; c (LOW) 3 of 10 us in context two; 80 us of SM time in all.
   */
  private static RunOutcome run(String preemption) {
    String yaml = """
        name: shares
        hardware: {id: h200, parameters: {sm-count: 2}}
        policy: priority
        preemption: %s
        context-save: full
        workload:
          spec:
            duration: 1us
            contexts:
              - {id: one}
              - {id: two}
            queues:
              - id: a
                context: one
                priority: HIGH
                jobs: 1
                arrival: {process: periodic, period: 1ms}
                kernels:
                  - {name: ka, grid-blocks: 4, threads-per-block: 1024, block-time: 10us}
              - id: b
                context: one
                priority: LOW
                jobs: 1
                arrival: {process: periodic, period: 1ms}
                kernels:
                  - {name: kb, grid-blocks: 2, threads-per-block: 1024, block-time: 5us}
              - id: c
                context: two
                priority: LOW
                jobs: 1
                arrival: {process: periodic, period: 1ms}
                kernels:
                  - {name: kc, grid-blocks: 3, threads-per-block: 1024, block-time: 10us}
        """.formatted(preemption);
    return new RunExecutor(PluginRegistry.discover(Optional.empty()))
        .reporting(java.util.List.of(MetricSelection.parse("sm-time-share@queue=a",
            Metrics.builtIn())))
        .execute(ConfigLoader.parse(yaml, "shares.yaml"));
  }

  private static double share(RunOutcome outcome, String scope) {
    return outcome.metrics().data().value(MetricSelection.parse("sm-time-share@" + scope,
        Metrics.builtIn()));
  }

  @Test
  void eachScopeGetsItsBlocksExecutionTimeOverEveryBlocks() {
    RunOutcome outcome = run("block-boundary");

    assertThat(outcome.metrics().data().observed(SmTimeCollector.OBSERVATION)).containsEntry("a", 40_000L)
        .containsEntry("b", 10_000L).containsEntry("c", 30_000L);
    assertThat(share(outcome, "queue=a")).isCloseTo(0.5, within(1e-12));
    assertThat(share(outcome, "queue=b")).isCloseTo(0.125, within(1e-12));
    assertThat(share(outcome, "context=one")).isCloseTo(0.625, within(1e-12));
    assertThat(share(outcome, "context=two")).isCloseTo(0.375, within(1e-12));
    assertThat(share(outcome, "priority=LOW")).isCloseTo(0.5, within(1e-12));
  }

  @Test
  void theWholeRunHasNoShareAndIsNotReportedAsOne() {
    RunOutcome outcome = run("block-boundary");

    assertThat(outcome.metrics().data().value(Metrics.SM_TIME_SHARE, Scope.ALL)).isNaN();
    assertThat(Metrics.SM_TIME_SHARE.scopedOnly()).isTrue();
    assertThat(Metrics.SM_TIME_SHARE.scopable()).isTrue();
  }
}
