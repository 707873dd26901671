package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.record;
import static org.preemptlab.engine.Sim.workload;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;

/** Dependencies, serial and non-serial queues, closed-loop jobs. */
class DependencyTest {
  private final DeviceSpec device = device(2, Sim.bigSm(), costs());

  @Test
  void aDependantBecomesReadyWhenItsDependencyFinishes() {
    // job 1 [0, 1000] on SM0; job 2 (other queue, submitted 0, depends on 1) is ready at 1000
    // although SM1 was free -> [1000, 1100].
    Workload w = workload().queue("a", Priority.NORMAL).queue("b", Priority.NORMAL)
        .job(1, "a", 0, kernel("k1", 1, 1024, 0, 0, 1000))
        .job(Sim.job(2, "b", 0, 1, List.of(1L), kernel("k2", 1, 1024, 0, 0, 100)))
        .build();

    JobRecord dependant = record(Sim.fifo(w, device), 2);

    assertThat(dependant.submitNs()).isEqualTo(0);
    assertThat(dependant.readyNs()).isEqualTo(1000);
    assertThat(dependant.firstStartNs()).isEqualTo(1000);
    assertThat(dependant.finishNs()).isEqualTo(1100);
  }

  @Test
  void aSerialQueueRunsAJobOnlyAfterThePreviousOneFinished() {
    // serial queue: job 1 [0, 1000]; job 2 (t=10) ready when job 1 finishes -> [1000, 1100].
    Workload w = workload().queue(Sim.queue("s", "ctx", Priority.NORMAL, true))
        .job(1, "s", 0, kernel("k1", 1, 1024, 0, 0, 1000))
        .job(2, "s", 10, kernel("k2", 1, 1024, 0, 0, 100))
        .build();

    JobRecord second = record(Sim.fifo(w, device), 2);

    assertThat(second.submitNs()).isEqualTo(10);
    assertThat(second.readyNs()).isEqualTo(1000);
    assertThat(second.firstStartNs()).isEqualTo(1000);
    assertThat(second.finishNs()).isEqualTo(1100);
  }

  @Test
  void aNonSerialQueueLetsItsJobsOverlap() {
    // non-serial queue: job 2 (t=10) is ready at 10 and runs on SM1 -> [10, 110].
    Workload w = workload().queue(Sim.queue("s", "ctx", Priority.NORMAL, false))
        .job(1, "s", 0, kernel("k1", 1, 1024, 0, 0, 1000))
        .job(2, "s", 10, kernel("k2", 1, 1024, 0, 0, 100))
        .build();

    JobRecord second = record(Sim.fifo(w, device), 2);

    assertThat(second.readyNs()).isEqualTo(10);
    assertThat(second.firstStartNs()).isEqualTo(10);
    assertThat(second.finishNs()).isEqualTo(110);
  }

  @Test
  void aClosedLoopJobIsSubmittedItsThinkTimeAfterItsDependencyFinished() {
    // job 1 [0, 1000].
    // job 2: depends on 1, think 500, nominal submit 0 -> submitted 1000 + 500 = 1500,
    //   runs [1500, 1600]; turnaround 100.
    // job 3: depends on 1, think 500, nominal submit 5000 -> submitted max(5000, 1500) = 5000.
    // job 4: depends on 1, open loop -> submitted 0, ready 1000.
    Workload w = workload().queue("a", Priority.NORMAL).queue("b", Priority.NORMAL)
        .queue("c", Priority.NORMAL).queue("d", Priority.NORMAL)
        .job(1, "a", 0, kernel("k1", 1, 256, 0, 0, 1000))
        .job(Sim.closedLoopJob(2, "b", 0, List.of(1L), 500, kernel("k2", 1, 256, 0, 0, 100)))
        .job(Sim.closedLoopJob(3, "c", 5000, List.of(1L), 500, kernel("k3", 1, 256, 0, 0, 100)))
        .job(Sim.job(4, "d", 0, 1, List.of(1L), kernel("k4", 1, 256, 0, 0, 100)))
        .build();

    SimulationResult result = Sim.fifo(w, device);

    assertThat(record(result, 2).submitNs()).isEqualTo(1500);
    assertThat(record(result, 2).readyNs()).isEqualTo(1500);
    assertThat(record(result, 2).finishNs()).isEqualTo(1600);
    assertThat(record(result, 2).turnaroundNs()).isEqualTo(100);
    assertThat(record(result, 3).submitNs()).isEqualTo(5000);
    assertThat(record(result, 3).finishNs()).isEqualTo(5100);
    assertThat(record(result, 4).submitNs()).isEqualTo(0);
    assertThat(record(result, 4).readyNs()).isEqualTo(1000);
    assertThat(record(result, 4).finishNs()).isEqualTo(1100);
  }

  @Test
  void aClosedLoopJobWithoutThinkTimeIsSubmittedWhenItsDependencyFinishes() {
    // Regression: think time 0 used to make a closed-loop client silently open-loop, so each
    // job's turnaround included the wait behind the previous one (109.9, 119.8, ... us).
    // Five jobs of one 100 ns block, each depending on the previous: every turnaround is 100 ns.
    Sim.W builder = workload().queue("client", Priority.NORMAL)
        .job(0, "client", 0, kernel("k", 1, 256, 0, 0, 100));
    for (long id = 1; id < 5; id++) {
      builder.job(Sim.closedLoopJob(id, "client", 0, List.of(id - 1),
          0, kernel("k", 1, 256, 0, 0, 100)));
    }
    SimulationResult result = Sim.fifo(builder.build(), device);

    assertThat(result.jobs()).extracting(JobRecord::turnaroundNs)
        .containsExactly(100L, 100L, 100L, 100L, 100L);
    assertThat(result.jobs()).extracting(JobRecord::submitNs)
        .containsExactly(0L, 100L, 200L, 300L, 400L);
  }
}
