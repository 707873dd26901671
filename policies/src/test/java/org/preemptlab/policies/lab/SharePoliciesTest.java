package org.preemptlab.policies.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.preemptlab.policies.lab.PolicyLab.kernel;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.SuspensionRecord;
import org.preemptlab.policies.lab.PolicyLab.Outcome;

/** fair-share, mlfq and utilization-partition (both modes) on the real engine (64 slots). */
class SharePoliciesTest {

  /** Two backlogged queues with the given weights: a's jobs 8x the size of b's, all at 0. */
  private static Workload backlogged(int weightA, int weightB, long bStartNs) {
    PolicyLab.Builder w = PolicyLab.workload()
        .queue("a", Priority.NORMAL, weightA).queue("b", Priority.NORMAL, weightB);
    for (int i = 0; i < 10; i++) {
      w.job("a", 0, kernel("big", 512, 256, 100_000));
    }
    for (int i = 0; i < 80; i++) {
      w.job("b", bStartNs, kernel("small", 64, 256, 100_000));
    }
    return w.build();
  }

  private static JobRecord job(Outcome outcome, long id) {
    return outcome.result().jobs().stream().filter(j -> j.jobId() == id).findFirst().orElseThrow();
  }

  @Test
  void fairShareSplitsEquallyBetweenEqualWeightsWhateverTheJobSizes() {
    Outcome outcome = PolicyLab.run(backlogged(1, 1, 0), "fair-share", Map.of(), 0, 4_000_000);

    assertThat(outcome.share("a", "a", "b")).isCloseTo(0.5, within(0.02));
  }

  @Test
  void fairShareStartsAQueueThatWakesUpAtTheBusyQueuesVirtualTime() {
    // b arrives at 2 ms, after a has had the device alone; it gets half from then on, not all of
    // it until it has caught up.
    Outcome outcome = PolicyLab.run(backlogged(1, 1, 2_000_000), "fair-share", Map.of(),
        2_000_000, 4_000_000);

    assertThat(outcome.share("a", "a", "b")).isCloseTo(0.5, within(0.05));
  }

  @Test
  void mlfqDemotesAQueueThatUsedItsAllotmentSoANewcomerGoesFirst() {
    // quantum 1 ms of block time: a is demoted during its first wave (64 blocks x 100 us).
    Workload w = PolicyLab.workload()
        .queue("a", Priority.NORMAL, 1).queue("b", Priority.NORMAL, 1)
        .job("a", 0, kernel("long", 1280, 256, 100_000))
        .job("b", 150_000, kernel("short", 64, 256, 100_000))
        .build();

    Outcome fifo = PolicyLab.run(w, "fifo", Map.of());
    Outcome mlfq = PolicyLab.run(w, "mlfq", Map.of("quantum", "1ms"));

    assertThat(job(fifo, 2).firstStartNs()).isEqualTo(2_000_000);
    assertThat(job(mlfq, 2).firstStartNs()).isEqualTo(200_000);
  }

  @Test
  void mlfqBoostReturnsEveryQueueToTheTopLevel() {
    // a is demoted at once; b (arriving at 150 us) stays at level 0 until it too has used 1 ms.
    // With a boost every 100 us, a returns to level 0 before b arrives and keeps the device.
    Workload w = PolicyLab.workload()
        .queue("a", Priority.NORMAL, 1).queue("b", Priority.NORMAL, 1)
        .job("a", 0, kernel("long", 1280, 256, 100_000))
        .job("b", 150_000, kernel("short", 64, 256, 100_000))
        .build();

    Outcome boosted = PolicyLab.run(w, "mlfq", Map.of("quantum", "10ms", "boost", "100us"));

    assertThat(job(boosted, 2).firstStartNs()).isEqualTo(2_000_000);
  }

  @Test
  void utilizationPartitionGivesEachQueueItsWeightedWindowShare() {
    Outcome lv2 = PolicyLab.run(backlogged(3, 1, 0), "utilization-partition", Map.of(),
        0, 10_000_000);
    Outcome lv3 = PolicyLab.run(backlogged(3, 1, 0), "utilization-partition",
        Map.of("level", "3"), 0, 10_000_000);

    assertThat(lv2.share("a", "a", "b")).isCloseTo(0.75, within(0.05));
    assertThat(lv3.share("a", "a", "b")).isCloseTo(0.75, within(0.05));
    assertThat(lv2.result().suspensions()).isNotEmpty();
    assertThat(lv3.result().preemptions()).isNotEmpty();
  }

  @Test
  void utilizationPartitionLetsALoneQueueRunWithoutGaps() {
    PolicyLab.Builder w = PolicyLab.workload().queue("a", Priority.NORMAL, 1)
        .queue("idle", Priority.NORMAL, 1);
    for (int i = 0; i < 10; i++) {
      w.job("a", 0, kernel("big", 512, 256, 100_000));
    }
    Outcome fifo = PolicyLab.run(w.build(), "fifo", Map.of());
    Outcome up = PolicyLab.run(w.build(), "utilization-partition", Map.of());

    assertThat(up.result().makespanNs()).isEqualTo(fifo.result().makespanNs());
  }

  @Test
  void processModeGivesEachContextItsWeightedShareInTurnsScaledByTheContexts() {
    Outcome pup = PolicyLab.run(backlogged(3, 1, 0), "utilization-partition",
        Map.of("mode", "process", "window", "1ms"), 0, 10_000_000);

    assertThat(pup.share("a", "a", "b")).isCloseTo(0.75, within(0.05));
    // XSched's PUP turn: window x 2 contexts x 3/4 = 1.5 ms for a, so b waits 1.5 ms first.
    assertThat(pup.result().suspensions().stream().filter(s -> s.queueId().equals("b"))
        .findFirst().orElseThrow().resumeNs()).isEqualTo(1_500_000);
  }

  @Test
  void processModeKeepsTheRestOfATurnLeftEarlyForTheNextTurn() {
    // a (weight 3) runs out of work at 0.3 ms with 1.2 ms of its 1.5 ms turn left; b (weight 1)
    // takes its 0.5 ms turn; a, with work again, then runs 1.2 + 1.5 ms: b is resumed at exactly
    // 3.5 ms, not at 2.3 ms as without the carried budget.
    PolicyLab.Builder w = PolicyLab.workload()
        .queue("a", Priority.NORMAL, 3).queue("b", Priority.NORMAL, 1);
    w.job("a", 0, kernel("first", 64, 256, 300_000));
    for (int i = 0; i < 40; i++) {
      w.job("a", 500_000, kernel("later", 64, 256, 100_000));
    }
    for (int i = 0; i < 400; i++) {
      w.job("b", 0, kernel("small", 64, 256, 10_000));
    }
    Outcome pup = PolicyLab.run(w.build(), "utilization-partition",
        Map.of("mode", "process", "window", "1ms"));

    List<SuspensionRecord> b = pup.result().suspensions().stream()
        .filter(s -> s.queueId().equals("b")).toList();
    assertThat(b.get(1).resumeNs()).isEqualTo(3_500_000);
  }
}
