package org.preemptlab.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.api.model.Priority;
import org.preemptlab.policies.drm.VruntimeShifts;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.drm.ScenarioResult;
import org.preemptlab.runner.experiment.ScenarioRuns;

/**
 * Two closed-loop clients oversubscribe one scheduler with credit limit 1: each submits a 1 ms job
 * every 500 us (twice what the ring runs), so both are backlogged for the whole 200 ms.
 *
 * <p>Expected shares. Kernels up to 7.1 ({@code drm-fifo}, {@code drm-rr}) serve run queues in
 * strict priority order, so while the higher client is backlogged the lower one gets no GPU time at
 * all. The 7.2 fair policy advances an entity's vruntime by its GPU time shifted left by {@code
 * vruntime_shift[prio]} and always serves the smallest vruntime, so two backlogged entities keep
 * equal vruntimes and their GPU times are in the ratio {@code 2^-shift}: HIGH (2) vs NORMAL (4)
 * gives 4:1, i.e. 80 % / 20 %; KERNEL (1) vs HIGH (2) 2:1; NORMAL (4) vs LOW (7) 8:1.
 */
class FairnessTest {
  private static final PluginRegistry REGISTRY =
      PluginRegistry.discover(FairnessTest.class.getClassLoader());
  private static final Scenario SCENARIO =
      Scenarios.load(Path.of("..", "examples", "drm", "fairness-two-clients.yaml"));

  @ParameterizedTest
  @ValueSource(strings = {"drm-fifo", "drm-rr"})
  void strictPriorityStarvesTheLowerClientWhileTheHigherIsBacklogged(String policy) {
    ScenarioResult result = ScenarioRuns.run(SCENARIO, REGISTRY, policy);

    assertThat(result.client("high").jobsFinished()).isEqualTo(200);
    assertThat(result.client("normal").jobsFinished()).isZero();
  }

  @ParameterizedTest
  @CsvSource({"HIGH, NORMAL", "KERNEL, HIGH", "NORMAL, LOW"})
  void fairSharesFollowTheVruntimeShifts(Priority upper, Priority lower) {
    Scenario scenario = Scenarios.fromYaml(text(upper, lower), "fair.yaml");
    ScenarioResult result = ScenarioRuns.run(scenario, REGISTRY, "drm-fair");
    double high = result.client("high").gpuNs();
    double normal = result.client("normal").gpuNs();

    double expected = VruntimeShifts.backloggedShares(upper, lower)[0];
    assertThat(high / (high + normal)).as("share of %s over %s", upper, lower)
        .isCloseTo(expected, within(0.03));
    assertThat(high + normal).as("the ring is never idle").isGreaterThanOrEqualTo(199e6);
  }

  private static String text(Priority upper, Priority lower) {
    return """
        schedulers:
          - {name: gfx, credit-limit: 1}
        entities:
          - {name: high-entity, priority: %s, schedulers: [gfx]}
          - {name: normal-entity, priority: %s, schedulers: [gfx]}
        clients:
          - {name: high, entity: high-entity, duration: 1ms, wait-for-last: false, sleep: 500us, run-for: 200ms}
          - {name: normal, entity: normal-entity, duration: 1ms, wait-for-last: false, sleep: 500us, run-for: 200ms}
        end: 200ms
        """.formatted(upper, lower);
  }
}
