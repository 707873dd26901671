package org.preemptlab.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;

/** The DRM policies also drive the SM-level engine, with its credits and its own free order. */
class SmEngineTest {
  private static final String CONFIG = """
      name: drm-on-sm-engine
      seed: 5
      policy: %s
      preemption: block-boundary
      context-save: full
      engine: {credit-limit: 2}
      workload:
        spec:
          duration: 3ms
          contexts: [{id: app}]
          queues:
            - id: hi
              context: app
              priority: HIGH
              arrival: {process: poisson, mean-interval: 200us}
              kernels:
                - {name: k, grid-blocks: 64, threads-per-block: 128, block-time: 20us}
            - id: lo
              context: app
              priority: LOW
              arrival: {process: poisson, mean-interval: 200us}
              kernels:
                - {name: k, grid-blocks: 64, threads-per-block: 128, block-time: 20us}
      """;

  @ParameterizedTest
  @ValueSource(strings = {"drm-fifo", "drm-rr", "drm-fair"})
  void everyJobFinishesUnderTheDrmPolicyInTheSmEngine(String policy) {
    RunOutcome outcome = new RunExecutor(PluginRegistry.discover(Optional.empty()))
        .execute(ConfigLoader.parse(CONFIG.formatted(policy), "drm.yaml"));

    assertThat(outcome.result().jobs()).hasSize(outcome.workload().jobs().size())
        .isNotEmpty().allMatch(j -> j.finishNs() >= j.submitNs());
    assertThat(outcome.result().jobs().stream().mapToLong(JobRecord::finishNs).max()
        .orElseThrow()).isPositive();
  }
}
