package org.preemptlab.policies.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.engine.JobRecord;

/**
 * {@code lithos} on the real engine (the policy lab's 8 SMs: the high-priority quota is SMs 0-3,
 * the best-effort quota SMs 4-7): who may borrow the other's SMs, and the best-effort throttle.
 */
class SpatialPoliciesTest {
  /** One block of 2,048 threads fills a policy-lab SM. */
  private static final int FULL_SM = 2048;

  private static long start(PolicyLab.Outcome outcome, String queue) {
    return outcome.jobsOf(queue).stream().mapToLong(JobRecord::firstStartNs).min().orElseThrow();
  }

  private static long finish(PolicyLab.Outcome outcome, String queue) {
    return outcome.jobsOf(queue).stream().mapToLong(JobRecord::finishNs).max().orElseThrow();
  }

  /** A best-effort kernel of 8 full-SM blocks of {@code beNs} at 0, an HP one of 4 at 100 us. */
  private static Workload bestEffortThenHighPriority(long beNs) {
    return PolicyLab.workload().queue("infer", Priority.HIGH, 1).queue("train", Priority.LOW, 1)
        .job("train", 0, PolicyLab.kernel("long", 8, FULL_SM, beNs))
        .job("infer", 100_000, PolicyLab.kernel("short", 4, FULL_SM, 10_000))
        .build();
  }

  @Test
  void bestEffortBlocksLongerThanAnAtomStayInTheirQuotaSoTheHighPriorityKernelStartsAtOnce() {
    PolicyLab.Outcome lithos = PolicyLab.run(bestEffortThenHighPriority(1_000_000), "lithos",
        Map.of());

    assertThat(start(lithos, "infer")).isEqualTo(100_000); // its quota's SMs 0-3 are free
    assertThat(finish(lithos, "train")).as("8 blocks of 1 ms on 4 SMs: two waves")
        .isEqualTo(2_000_000);
  }

  @Test
  void withoutQuotasTheSameBestEffortKernelFillsEverySmAndTheHighPriorityKernelWaitsForIt() {
    PolicyLab.Outcome fifo = PolicyLab.run(bestEffortThenHighPriority(1_000_000), "fifo",
        Map.of());

    assertThat(start(fifo, "infer")).isEqualTo(1_000_000);
    assertThat(finish(fifo, "train")).isEqualTo(1_000_000);
  }

  @Test
  void bestEffortBlocksWithinAnAtomBorrowTheHighPriorityQuotasIdleSms() {
    PolicyLab.Outcome lithos = PolicyLab.run(bestEffortThenHighPriority(400_000), "lithos",
        Map.of());

    assertThat(finish(lithos, "train")).as("8 blocks of 400 us on all 8 SMs: one wave")
        .isEqualTo(400_000);
    assertThat(start(lithos, "infer")).as("the lent SMs come back within one atom")
        .isEqualTo(400_000);
  }

  /** HP: 2 full-SM blocks of 1 ms at 0; BE: 6 blocks of 100 us at 10 us and 6 more at 1.5 ms. */
  private static Workload shortBestEffortBesideBusyHighPriority() {
    return PolicyLab.workload().queue("infer", Priority.HIGH, 1).queue("a", Priority.LOW, 1)
        .queue("b", Priority.LOW, 1)
        .job("infer", 0, PolicyLab.kernel("busy", 2, FULL_SM, 1_000_000))
        .job("a", 10_000, PolicyLab.kernel("during", 6, FULL_SM, 100_000))
        .job("b", 1_500_000, PolicyLab.kernel("after", 6, FULL_SM, 100_000))
        .build();
  }

  @Test
  void whileHighPriorityWorkIsInFlightItsIdleSmsAreNotLent() {
    PolicyLab.Outcome lithos = PolicyLab.run(shortBestEffortBesideBusyHighPriority(), "lithos",
        Map.of());
    PolicyLab.Outcome fifo = PolicyLab.run(shortBestEffortBesideBusyHighPriority(), "fifo",
        Map.of());

    assertThat(finish(lithos, "a")).as("6 blocks on the 4 best-effort SMs: two waves")
        .isEqualTo(210_000);
    assertThat(finish(fifo, "a")).as("6 blocks on the 6 SMs the HP kernel leaves: one wave")
        .isEqualTo(110_000);
  }

  @Test
  void onceTheHighPriorityWorkIsDoneItsSmsAreLentAgain() {
    PolicyLab.Outcome lithos = PolicyLab.run(shortBestEffortBesideBusyHighPriority(), "lithos",
        Map.of());

    assertThat(finish(lithos, "b")).as("6 blocks on 6 of the 8 SMs: one wave")
        .isEqualTo(1_600_000);
  }

  @Test
  void aLongerAtomLetsLongerBestEffortBlocksBorrow() {
    PolicyLab.Outcome lithos = PolicyLab.run(bestEffortThenHighPriority(1_000_000), "lithos",
        Map.of("atom", "1ms"));

    assertThat(finish(lithos, "train")).isEqualTo(1_000_000);
  }

  @Test
  void theThrottleLaunchesTheNextBestEffortKernelOnlyWhenTheWorkInFlightFallsBelowTheLimit() {
    Workload twoBestEffort = PolicyLab.workload().queue("a", Priority.LOW, 1)
        .queue("b", Priority.LOW, 1)
        .job("a", 0, PolicyLab.kernel("first", 2, FULL_SM, 200_000))
        .job("b", 0, PolicyLab.kernel("second", 2, FULL_SM, 200_000))
        .build();

    PolicyLab.Outcome lithos = PolicyLab.run(twoBestEffort, "lithos", Map.of());
    PolicyLab.Outcome unthrottled = PolicyLab.run(twoBestEffort, "lithos",
        Map.of("outstanding", "1ms"));

    assertThat(start(lithos, "b")).as("200 us in flight exceeds the 100 us limit")
        .isGreaterThanOrEqualTo(finish(lithos, "a"));
    assertThat(start(unthrottled, "b")).isZero();
  }
}
