package org.preemptlab.policies.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.policies.lab.PolicyLab.kernel;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.policies.lab.PolicyLab.Outcome;

/** hpf and bounded-latency on the real engine (64 slots, 1 us signal, 2 us + 100 B/ns save). */
class LatencyPoliciesTest {

  private static final long ARRIVAL = 1_050_000;

  /** A LOW queue of 20 one-wave jobs of {@code blockNs} blocks; one HIGH job at 1.05 ms. */
  private static Workload backgroundAndUrgent(long blockNs) {
    PolicyLab.Builder w = PolicyLab.workload()
        .queue("low", Priority.LOW, 1).queue("high", Priority.HIGH, 1);
    for (int i = 0; i < 20; i++) {
      w.job("low", 0, kernel("bg", 64, 256, blockNs));
    }
    w.job("high", ARRIVAL, kernel("fg", 64, 256, 50_000));
    return w.build();
  }

  private static JobRecord high(Outcome outcome) {
    return outcome.jobsOf("high").get(0);
  }

  private static Outcome run(Workload w, String policy, Map<String, String> parameters) {
    return PolicyLab.run(w, policy, parameters, 0, Long.MAX_VALUE, new EngineOptions(
        Integer.MAX_VALUE, true, EngineOptions.XSCHED_LAUNCH_WINDOW));
  }

  @Test
  void hpfAtLevelThreeInterruptsRunningBlocksWhereLevelTwoWaitsForThem() {
    Workload w = backgroundAndUrgent(400_000);

    Outcome lv2 = run(w, "hpf", Map.of("level", "2"));
    Outcome lv3 = run(w, "hpf", Map.of("level", "3"));

    // Level 2: the low blocks running at 1.05 ms end at 1.2 ms. Level 3: they are interrupted
    // (1 us signal, then the save), far sooner.
    assertThat(high(lv2).firstStartNs()).isEqualTo(1_200_000);
    assertThat(high(lv3).firstStartNs() - ARRIVAL).isLessThan(20_000);
    assertThat(lv3.result().preemptions()).isNotEmpty();
  }

  @Test
  void hpfSuspendsTheLowQueueWhileTheHighOneHasWorkAndResumesItAfter() {
    Outcome lv2 = run(backgroundAndUrgent(400_000), "hpf", Map.of("level", "2"));

    assertThat(lv2.result().suspensions()).singleElement().satisfies(s ->
        assertThat(s.queueId()).isEqualTo("low"));
    assertThat(lv2.jobsOf("low")).allSatisfy(j -> assertThat(j.finishNs()).isPositive());
    // No low block started while the high job ran: the low queue's next job starts after it.
    long highFinish = high(lv2).finishNs();
    assertThat(lv2.jobsOf("low")).noneMatch(j -> j.firstStartNs() > ARRIVAL
        && j.firstStartNs() < highFinish);
  }

  @Test
  void boundedLatencyPreemptsBestEffortBlocksLongerThanTheBound() {
    Outcome outcome = run(backgroundAndUrgent(400_000), "bounded-latency", Map.of());

    assertThat(outcome.result().preemptions()).isNotEmpty();
    assertThat(high(outcome).firstStartNs() - ARRIVAL).isLessThanOrEqualTo(100_000);
  }

  @Test
  void boundedLatencyLetsBlocksShorterThanTheBoundDrain() {
    Outcome outcome = run(backgroundAndUrgent(80_000), "bounded-latency", Map.of());

    assertThat(outcome.result().preemptions()).isEmpty();
    assertThat(high(outcome).firstStartNs() - ARRIVAL).isLessThanOrEqualTo(80_000);
  }

  /** As {@link #backgroundAndUrgent} with a high job of 16 blocks, leaving 48 slots free. */
  private static Workload backgroundAndNarrowUrgent(long blockNs) {
    PolicyLab.Builder w = PolicyLab.workload()
        .queue("low", Priority.LOW, 1).queue("high", Priority.HIGH, 1);
    for (int i = 0; i < 20; i++) {
      w.job("low", 0, kernel("bg", 64, 256, blockNs));
    }
    w.job("high", ARRIVAL, kernel("fg", 16, 256, 50_000));
    return w.build();
  }

  @Test
  void boundedLatencyWithoutSpaceSharingStartsNoBestEffortJobWhileHighPriorityWorkRuns() {
    Workload w = backgroundAndNarrowUrgent(80_000);

    Outcome shared = run(w, "bounded-latency", Map.of());
    Outcome isolated = run(w, "bounded-latency", Map.of("space-share", "false"));

    // Shared: the next low job fills the 48 slots the high job leaves; isolated: the low queue
    // is held from the high job's arrival until it ends, then resumed.
    assertThat(shared.jobsOf("low")).anyMatch(j -> j.firstStartNs() > ARRIVAL
        && j.firstStartNs() < high(shared).finishNs());
    assertThat(isolated.jobsOf("low")).noneMatch(j -> j.firstStartNs() > ARRIVAL
        && j.firstStartNs() < high(isolated).finishNs());
    assertThat(isolated.result().suspensions()).singleElement().satisfies(s ->
        assertThat(s.queueId()).isEqualTo("low"));
    assertThat(isolated.jobsOf("low")).allSatisfy(j -> assertThat(j.finishNs()).isPositive());
    assertThat(isolated.result().preemptions()).isEmpty(); // 80 us blocks drain
  }

  @Test
  void boundedLatencyWithoutSpaceSharingPreemptsLongBestEffortBlocksAtOnce() {
    Outcome isolated = run(backgroundAndNarrowUrgent(400_000), "bounded-latency",
        Map.of("space-share", "false"));

    // Every slot is taken when the high job arrives: the resident low blocks of 400 us, above
    // the 100 us bound, are preempted at once (level 2 alone would leave them to run 400 us).
    assertThat(isolated.result().preemptions()).isNotEmpty();
    assertThat(high(isolated).firstStartNs() - ARRIVAL).isLessThan(20_000);
    assertThat(isolated.jobsOf("low")).noneMatch(j -> j.firstStartNs() > ARRIVAL
        && j.firstStartNs() < high(isolated).finishNs());
  }
}
