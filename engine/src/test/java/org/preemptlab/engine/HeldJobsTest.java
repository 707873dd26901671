package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.workload;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;

/**
 * The engine holds a job's state only from its submission to its finish (memory grows with the
 * jobs in flight, not with the run), and a finished job's record is still complete.
 */
class HeldJobsTest {
  private static final DeviceSpec DEVICE = device(2, Sim.bigSm(), costs());

  /**
   * A serial queue that falls behind (a 100 ns job every 10 ns: up to 40 submitted and
   * unfinished), and a second queue whose jobs declare dependencies on the first's.
   */
  private static Workload backlog() {
    Sim.W w = workload().queue(Sim.queue("s", "ctx", Priority.NORMAL, true))
        .queue("d", Priority.NORMAL);
    for (long id = 0; id < 40; id++) {
      w.job(id, "s", id * 10, kernel("k" + id, 1, 1024, 0, 0, 100));
    }
    for (long id = 40; id < 50; id++) {
      w.job(Sim.job(id, "d", 0, 1, List.of(id - 40, id - 31), kernel("d", 1, 256, 0, 0, 50)));
    }
    return w.build();
  }

  @Test
  void theEngineHoldsExactlyTheSubmittedUnfinishedJobsAndNoneAfterTheRun() {
    Simulator sim = new Simulator(backlog(), Sim.hw(DEVICE),
        EngineFixtures.plugins(DEVICE, "fifo", "block-boundary", "full"), EngineOptions.defaults());
    List<String> mismatches = new ArrayList<>();
    int[] submitted = {0};
    int[] finished = {0};
    int[] most = {0};
    sim.listen(new EngineListener() {
      @Override
      public void jobSubmitted(long timeNs, JobView job) {
        submitted[0]++;
        check(timeNs);
      }

      @Override
      public void jobFinished(long timeNs, JobView job) {
        check(timeNs); // called before the engine lets go of the job
        finished[0]++;
      }

      private void check(long timeNs) {
        most[0] = Math.max(most[0], sim.heldJobs());
        if (sim.heldJobs() != submitted[0] - finished[0]) {
          mismatches.add("at " + timeNs + ": held " + sim.heldJobs() + ", submitted "
              + submitted[0] + ", finished " + finished[0]);
        }
      }
    });

    SimulationResult result = sim.run();

    assertThat(mismatches).isEmpty();
    assertThat(most[0]).isBetween(20, 50); // the backlog really built up
    assertThat(sim.heldJobs()).isZero();
    assertThat(java.util.stream.IntStream.range(0, sim.launcher().size()).mapToObj(sim.launcher()::job))
        .containsOnlyNulls();
    assertThat(result.jobs()).hasSize(50);
    assertThat(result.jobs()).extracting(JobRecord::jobId)
        .containsExactlyElementsOf(backlog().jobs().stream().map(j -> j.id()).toList());
    assertThat(result.jobs()).allSatisfy(job -> assertThat(job.finishNs()).isPositive());
  }

  @Test
  void aClosedLoopClientsNextJobIsHeldOnlyOnceItsSubmissionIsScheduled() {
    // Ten jobs of one 100 ns block, each depending on the previous, think time 50 ns: at most the
    // running job and the next one (scheduled) are held.
    Sim.W w = workload().queue("client", Priority.NORMAL)
        .job(0, "client", 0, kernel("k", 1, 256, 0, 0, 100));
    for (long id = 1; id < 10; id++) {
      w.job(Sim.closedLoopJob(id, "client", 0, List.of(id - 1), 50,
          kernel("k", 1, 256, 0, 0, 100)));
    }
    Simulator sim = new Simulator(w.build(), Sim.hw(DEVICE),
        EngineFixtures.plugins(DEVICE, "fifo", "block-boundary", "full"), EngineOptions.defaults());
    int[] most = {0};
    sim.listen(new EngineListener() {
      @Override
      public void jobFinished(long timeNs, JobView job) {
        most[0] = Math.max(most[0], sim.heldJobs());
      }
    });

    SimulationResult result = sim.run();

    assertThat(most[0]).isEqualTo(1);
    assertThat(sim.heldJobs()).isZero();
    assertThat(result.jobs()).extracting(JobRecord::submitNs)
        .containsExactly(0L, 150L, 300L, 450L, 600L, 750L, 900L, 1050L, 1200L, 1350L);
  }

  @Test
  void aPolicyThatHandsBackAFinishedJobsViewIsAnsweredByItsStateNotRefusedAsAStranger() {
    // The engine no longer lists finished jobs, but their views are still this run's: asking to
    // preempt one is refused as for any job without blocks on SMs.
    List<String> refusals = new ArrayList<>();
    ScriptedPolicy policy = new ScriptedPolicy() {
      JobView first;

      @Override
      public void onJobFinished(JobView job, SchedulerView scheduler) {
        if (first == null) {
          first = job;
        } else {
          refusals.add(scheduler.preempt(first).reason());
          refusals.add(scheduler.suspend(first).reason());
        }
      }
    };
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(1, "q", 0, kernel("k", 1, 64, 0, 0, 100))
        .job(2, "q", 500, kernel("k", 1, 64, 0, 0, 100)).build();

    SimulationResult result = Sim.run(w, Sim.hw(DEVICE), () -> policy, "block-boundary", "full",
        EngineOptions.defaults(), null);

    assertThat(result.jobs()).hasSize(2);
    assertThat(refusals).containsExactly(
        "job 1 (queue 'q') has no blocks on SMs",
        "job 1 (queue 'q') is FINISHED, not launched and unfinished");
  }

  @Test
  void streamedRecordsArriveOnceEachAsTheJobsFinishAndEqualTheKeptTable() {
    SimulationResult kept = new Simulator(backlog(), Sim.hw(DEVICE),
        EngineFixtures.plugins(DEVICE, "fifo", "block-boundary", "full"), EngineOptions.defaults())
        .run();
    Simulator sim = new Simulator(backlog(), Sim.hw(DEVICE),
        EngineFixtures.plugins(DEVICE, "fifo", "block-boundary", "full"), EngineOptions.defaults());
    JobRecord[] streamed = new JobRecord[50];
    List<Integer> order = new ArrayList<>();
    long[] lastFinish = {0};
    sim.streamJobs((index, record) -> {
      assertThat(streamed[index]).as("index %s twice", index).isNull();
      assertThat(record.finishNs()).isEqualTo(sim.now()).isGreaterThanOrEqualTo(lastFinish[0]);
      lastFinish[0] = record.finishNs();
      streamed[index] = record;
      order.add(index);
    });

    SimulationResult result = sim.run();

    assertThat(result.jobs()).isEmpty();
    assertThat(List.of(streamed)).isEqualTo(kept.jobs());
    assertThat(order).as("finish order differs from workload order").isNotEqualTo(
        order.stream().sorted().toList());
    assertThat(result.makespanNs()).isEqualTo(kept.makespanNs());
    assertThat(result.preemptions()).isEqualTo(kept.preemptions());
    assertThat(result.events()).isEqualTo(kept.events());
  }

  @Test
  void aSinkThatFailsFailsTheRunWithItsOwnErrorNotAPluginsFault() {
    Simulator sim = new Simulator(backlog(), Sim.hw(DEVICE),
        EngineFixtures.plugins(DEVICE, "fifo", "block-boundary", "full"), EngineOptions.defaults());
    sim.streamJobs((index, record) -> {
      throw new java.io.UncheckedIOException("cannot write jobs.csv.partial",
          new java.io.IOException("No space left on device"));
    });

    org.assertj.core.api.Assertions.assertThatThrownBy(sim::run)
        .isExactlyInstanceOf(java.io.UncheckedIOException.class)
        .hasMessage("cannot write jobs.csv.partial");
  }
}
