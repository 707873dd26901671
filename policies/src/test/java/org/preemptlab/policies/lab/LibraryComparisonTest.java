package org.preemptlab.policies.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.Workload;
import org.preemptlab.policies.lab.PolicyLab.Outcome;

/** The "done when" comparisons, all on {@link MixedWorkload}. */
class LibraryComparisonTest {

  private static final Workload MIXED = MixedWorkload.build();

  private static Outcome run(String policy, Map<String, String> parameters) {
    return PolicyLab.run(MIXED, policy, parameters, 0, MixedWorkload.SHARE_WINDOW_NS);
  }

  @Test
  void preemptiveEdfMissesFewerDeadlinesThanPriority() {
    Outcome priority = run("priority", Map.of());
    Outcome edf = run("edf", Map.of("preempt", "true"));

    assertThat(priority.deadlineMisses()).isGreaterThanOrEqualTo(5);
    assertThat(edf.deadlineMisses()).isLessThan(priority.deadlineMisses());
  }

  @Test
  void preemptiveLaxityMissesFewerDeadlinesThanPriority() {
    Outcome priority = run("priority", Map.of());
    Outcome laxity = run("laxity", Map.of("preempt", "true"));

    assertThat(laxity.deadlineMisses()).isLessThan(priority.deadlineMisses());
  }

  @Test
  void fairShareGivesTheBackloggedQueuesTheirWeightedSharesWithinFivePercent() {
    Outcome outcome = run("fair-share", Map.of());

    assertThat(outcome.share("train", "train", "batch")).isCloseTo(0.75, within(0.05));
  }

  @Test
  void utilizationPartitionGivesTheBackloggedQueuesTheirPartitionWithinFivePercent() {
    Outcome outcome = run("utilization-partition", Map.of());

    assertThat(outcome.share("train", "train", "batch")).isCloseTo(0.75, within(0.05));
  }

  @Test
  void srptHasALowerMeanTurnaroundThanFifo() {
    Outcome fifo = run("fifo", Map.of());
    Outcome srpt = run("srpt", Map.of());

    assertThat(srpt.meanTurnaroundNs()).isLessThan(fifo.meanTurnaroundNs());
  }
}
