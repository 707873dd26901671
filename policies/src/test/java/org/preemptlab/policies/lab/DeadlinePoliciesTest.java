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

/** edf, k-edf and laxity on the real engine (64 slots of 256-thread blocks). */
class DeadlinePoliciesTest {

  /** Job 1 fills the device for 4 waves; job 2 (later, earlier deadline) arrives at 10 us. */
  private static Workload lateUrgentJob() {
    return PolicyLab.workload()
        .queue("long", Priority.NORMAL, 1).queue("urgent", Priority.NORMAL, 1)
        .job("long", 0, 50_000_000, kernel("long", 256, 256, 100_000))
        .job("urgent", 10_000, 300_000, kernel("short", 64, 256, 50_000))
        .build();
  }

  private static JobRecord job(Outcome outcome, long id) {
    return outcome.result().jobs().stream().filter(j -> j.jobId() == id).findFirst().orElseThrow();
  }

  @Test
  void edfGivesFreedSlotsToTheEarlierDeadlineEvenIfItArrivedLater() {
    Outcome fifo = PolicyLab.run(lateUrgentJob(), "fifo", Map.of());
    Outcome edf = PolicyLab.run(lateUrgentJob(), "edf", Map.of());

    // fifo: the urgent job waits for all four waves (400 us) and misses its 310 us deadline;
    // edf: it takes the slots of the first wave at 100 us.
    assertThat(job(fifo, 2).firstStartNs()).isEqualTo(400_000);
    assertThat(job(edf, 2).firstStartNs()).isEqualTo(100_000);
    assertThat(fifo.deadlineMisses()).isEqualTo(1);
    assertThat(edf.deadlineMisses()).isZero();
    assertThat(edf.result().preemptions()).isEmpty();
  }

  @Test
  void preemptiveEdfStartsTheUrgentJobWithinTheSignalAndSaveTime() {
    Outcome edf = PolicyLab.run(lateUrgentJob(), "edf", Map.of("preempt", "true"));

    assertThat(edf.result().preemptions()).isNotEmpty();
    assertThat(job(edf, 2).firstStartNs()).isGreaterThan(10_000).isLessThan(50_000);
  }

  @Test
  void laxityRunsTheJobWithLessSlackFirstWhereEdfRunsTheEarlierDeadline() {
    // "wide" needs two 100 us waves of the whole device by 1.0 ms: latest start 0.8 ms. "narrow"
    // needs half the device for 1 ms by 1.05 ms: latest start 50 us. EDF fills the device with
    // "wide" first, so "narrow" starts at 100 us and misses; laxity starts "narrow" at once and
    // runs "wide" beside it.
    Workload w = PolicyLab.workload()
        .queue("wide", Priority.NORMAL, 1).queue("narrow", Priority.NORMAL, 1)
        .job("wide", 0, 1_000_000, kernel("wide", 96, 256, 100_000))
        .job("narrow", 0, 1_050_000, kernel("narrow", 32, 256, 1_000_000))
        .build();

    Outcome edf = PolicyLab.run(w, "edf", Map.of());
    Outcome laxity = PolicyLab.run(w, "laxity", Map.of());

    assertThat(edf.deadlineMisses()).isEqualTo(1);
    assertThat(laxity.deadlineMisses()).isZero();
  }

  @Test
  void kEdfWithKOneRunsOneJobAtATimeInDeadlineOrder() {
    Workload w = PolicyLab.workload()
        .queue("a", Priority.NORMAL, 1).queue("b", Priority.NORMAL, 1)
        .queue("c", Priority.NORMAL, 1)
        .job("a", 0, 3_000_000, kernel("a", 16, 256, 100_000))
        .job("b", 0, 1_000_000, kernel("b", 16, 256, 100_000))
        .job("c", 0, 2_000_000, kernel("c", 16, 256, 100_000))
        .build();

    Outcome one = PolicyLab.run(w, "k-edf", Map.of("k", "1"));
    Outcome sixteen = PolicyLab.run(w, "k-edf", Map.of());

    // K = 1: b, then c, then a, each alone although the device has room for all three.
    assertThat(job(one, 2).finishNs()).isLessThanOrEqualTo(job(one, 3).firstStartNs());
    assertThat(job(one, 3).finishNs()).isLessThanOrEqualTo(job(one, 1).firstStartNs());
    // K = 16: all three share the device at once.
    assertThat(sixteen.result().jobs()).allSatisfy(j -> assertThat(j.firstStartNs()).isZero());
  }

  @Test
  void kEdfWithKOneNeverLeavesEveryCreditToSuspendedJobs() { // issue 27 finding 4
    // t runs; v (earlier deadline) displaces it; then i (earlier still) arrives while both
    // credits are taken. Displacing v for i, which cannot launch, left t and v suspended holding
    // both credits: nothing ran again.
    Workload w = PolicyLab.workload()
        .queue("t", Priority.NORMAL, 1).queue("v", Priority.NORMAL, 1)
        .queue("i", Priority.NORMAL, 1)
        .job("t", 0, 100_000_000, kernel("t", 64, 1024, 100_000))
        .job("v", 10_000, 3_000_000, kernel("v", 64, 1024, 100_000))
        .job("i", 20_000, 1_000_000, kernel("i", 8, 1024, 100_000))
        .build();

    Outcome one = PolicyLab.run(w, "k-edf", Map.of("k", "1"), 0, Long.MAX_VALUE,
        new EngineOptions(2, true));

    assertThat(one.result().jobs()).hasSize(3)
        .allSatisfy(j -> assertThat(j.finishNs()).isPositive());
  }
}
