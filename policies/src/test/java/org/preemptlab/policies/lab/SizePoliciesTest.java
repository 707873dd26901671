package org.preemptlab.policies.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.policies.lab.PolicyLab.kernel;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.policies.lab.PolicyLab.Outcome;

/** srpt and las on the real engine (64 slots of 256-thread blocks). */
class SizePoliciesTest {

  private static JobRecord job(Outcome outcome, long id) {
    return outcome.result().jobs().stream().filter(j -> j.jobId() == id).findFirst().orElseThrow();
  }

  @Test
  void srptLetsAShortJobOvertakeALongOneAtTheNextFreeSlot() {
    // long: 20 waves of 100 us; short: one wave, arriving at 150 us.
    Workload w = PolicyLab.workload()
        .queue("long", Priority.NORMAL, 1).queue("short", Priority.NORMAL, 1)
        .job("long", 0, kernel("long", 1280, 256, 100_000))
        .job("short", 150_000, kernel("short", 64, 256, 100_000))
        .build();

    Outcome fifo = PolicyLab.run(w, "fifo", Map.of());
    Outcome srpt = PolicyLab.run(w, "srpt", Map.of());

    assertThat(job(fifo, 2).firstStartNs()).isEqualTo(2_000_000);
    assertThat(job(srpt, 2).firstStartNs()).isEqualTo(200_000);
    assertThat(srpt.meanTurnaroundNs()).isLessThan(fifo.meanTurnaroundNs());
  }

  @Test
  void srptRanksByRemainingWorkSoAStartedLongJobIsNotOvertakenByALongerOne() {
    // a: 4 waves, started at 0; b: 6 waves arriving at 250 us, when a has 1.5 waves left.
    Workload w = PolicyLab.workload()
        .queue("a", Priority.NORMAL, 1).queue("b", Priority.NORMAL, 1)
        .job("a", 0, kernel("a", 256, 256, 100_000))
        .job("b", 250_000, kernel("b", 384, 256, 100_000))
        .build();

    Outcome srpt = PolicyLab.run(w, "srpt", Map.of());

    assertThat(job(srpt, 1).finishNs()).isEqualTo(400_000);
    assertThat(job(srpt, 2).firstStartNs()).isEqualTo(400_000);
  }

  @Test
  void lasGivesFreedSlotsToTheJobWithTheLeastAttainedService() {
    // a has run 2 waves when b arrives: LAS serves b until it has caught up.
    Workload w = PolicyLab.workload()
        .queue("a", Priority.NORMAL, 1).queue("b", Priority.NORMAL, 1)
        .job("a", 0, kernel("a", 640, 256, 100_000))
        .job("b", 150_000, kernel("b", 640, 256, 100_000))
        .build();

    Outcome fifo = PolicyLab.run(w, "fifo", Map.of());
    Outcome las = PolicyLab.run(w, "las", Map.of());

    assertThat(job(fifo, 2).firstStartNs()).isEqualTo(1_000_000);
    assertThat(job(las, 2).firstStartNs()).isEqualTo(200_000);
    // From then on the two alternate, so a finishes well after its solo 1 ms.
    assertThat(job(las, 1).finishNs()).isGreaterThan(1_500_000);
  }
}
