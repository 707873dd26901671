package org.preemptlab.runner.experiment.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.runner.experiment.YamlBinding;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.metrics.Metrics;

/** {@code baseline.per}: each group of configurations is compared against a baseline of its own. */
class GroupBaselineTest {
  private static final MetricSelection MAKESPAN = MetricSelection.parse("makespan",
      Metrics.builtIn());

  private static SweepPlan plan(String yaml) {
    return SweepPlan.of(YamlBinding.parse(yaml, "s.yaml", SweepConfig.class).orElseThrow());
  }

  @Test
  void eachConfigurationIsComparedWithTheBaselineOfItsGroup() {
    SweepPlan plan = plan("""
        vary:
          policy: [fifo, priority, round-robin]
          preemption: [block-boundary, instruction-level]
        seeds: 3
        baseline: {policy: priority, per: preemption}
        """);

    assertThat(plan.points()).extracting(p -> plan.baselineOf(p).key()).containsExactly(
        "priority__block-boundary", "priority__instruction-level",
        "priority__block-boundary", "priority__instruction-level",
        "priority__block-boundary", "priority__instruction-level");
    assertThat(plan.baseline().key()).isEqualTo("priority__block-boundary");
  }

  @Test
  void theGroupKeysMayBeAListAndTheOtherKeysTakeTheirFirstValue() {
    SweepPlan plan = plan("""
        vary:
          sharing: [time-slice, mps]
          policy: [fifo, priority]
          hardware.time-slice: [1ms, 2ms]
        baseline: {per: [sharing, hardware.time-slice]}
        """);

    SweepPoint mpsPriority2ms = plan.points().get(7);
    assertThat(mpsPriority2ms.key()).isEqualTo("mps__priority__2ms");
    assertThat(plan.baselineOf(mpsPriority2ms).key()).isEqualTo("mps__fifo__2ms");
  }

  @Test
  void theDifferencesOfAGroupArePairedWithItsOwnBaseline() {
    SweepPlan plan = plan("""
        vary:
          policy: [fifo, priority]
          preemption: [block-boundary, instruction-level]
        seeds: 3
        baseline: {policy: fifo, per: preemption}
        """);
    // makespan of configuration p on seed s: 100 * p + s * s (p in plan order: fifo__bb = 0,
    // fifo__il = 1, priority__bb = 2, priority__il = 3)
    List<RunResult> results = new ArrayList<>();
    for (PlannedRun run : plan.runs()) {
      double value = 100.0 * plan.points().indexOf(run.point()) + run.seed() * run.seed();
      results.add(new RunResult(run.point().key(), run.point().values(), run.seed(),
          run.configDigest(), RunResult.Status.OK, null, Map.of(MAKESPAN.key(), value),
          Map.of()));
    }

    SweepAnalysis analysis = SweepAnalysis.of(plan, List.of(MAKESPAN), List.of(MAKESPAN),
        results, r -> Map.of());

    // priority__instruction-level (300 + s^2) against fifo__instruction-level (100 + s^2): +200
    // on every seed, not +300 against the first group's fifo__block-boundary
    assertThat(analysis.point("priority__instruction-level").orElseThrow()
        .difference(MAKESPAN).mean()).isEqualTo(200.0);
    assertThat(analysis.point("priority__block-boundary").orElseThrow()
        .difference(MAKESPAN).mean()).isEqualTo(200.0);
    assertThat(analysis.point("fifo__instruction-level").orElseThrow().difference(MAKESPAN))
        .as("a group's baseline has no difference").isNull();
    assertThat(analysis.point("fifo__block-boundary").orElseThrow().difference(MAKESPAN))
        .isNull();
    String summary = org.preemptlab.runner.report.sweep.Summaries.text(analysis);
    assertThat(summary).contains("Baseline: policy=fifo, within each value of preemption.")
        .contains("+200 ± 0 (n=3)");
    assertThat(summary.lines().filter(l -> l.matches("fifo .* baseline .*")).count()).isEqualTo(2);
  }
}
