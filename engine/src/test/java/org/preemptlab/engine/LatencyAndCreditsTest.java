package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.record;
import static org.preemptlab.engine.Sim.workload;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.testkit.doubles.FifoDouble;
import org.preemptlab.testkit.doubles.BlockBoundaryDouble;
import org.preemptlab.testkit.doubles.FullSaveDouble;

/** Kernel-launch and block-dispatch latencies, and the engines' credits. */
class LatencyAndCreditsTest {

  private static SimulationResult runWithCredits(Workload w, DeviceSpec device, int creditLimit,
      SchedulingPolicy policy) {
    RunPlugins plugins = new RunPlugins("fifo-spy", kind -> policy, "block-boundary",
        new BlockBoundaryDouble(), "full", new FullSaveDouble());
    return Sim.run(w, device, plugins, new EngineOptions(creditLimit, true));
  }

  @Test
  void launchAndDispatchLatenciesShiftStartAndFinishExactly() {
    // 1 SM of 1024 threads; launch 500 ns, block dispatch 30 ns.
    // job 1 submitted at 100: dispatched 100, launched 600.
    // blocks 0 and 1 (512 threads each) placed at 600, start 630, end 630 + 1000 = 1630.
    // block 2 placed at 1630, starts 1660, ends 2660.
    DeviceSpec device = device(1, Sim.bigSm(), costs().launch(500).dispatch(30));
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(1, "q", 100, kernel("k", 3, 512, 0, 0, 1000)).build();

    JobRecord job = record(Sim.fifo(w, device), 1);

    assertThat(job.submitNs()).isEqualTo(100);
    assertThat(job.readyNs()).isEqualTo(100);
    assertThat(job.dispatchNs()).isEqualTo(100);
    assertThat(job.firstStartNs()).isEqualTo(630);
    assertThat(job.finishNs()).isEqualTo(2660);
    assertThat(job.waitingNs()).isEqualTo(530);
  }

  @Test
  void aCreditLimitOfOneSerialisesDispatch() {
    // 2 SMs, launch 100 ns, credit limit 1. Jobs 1 and 2 both submitted at 0, 1 block of 1000 ns.
    // job 1: dispatched 0, starts 100, finishes 1100 (credit back).
    // job 2: dispatched 1100, starts 1200, finishes 2200, though an SM was free all along.
    DeviceSpec device = device(2, Sim.bigSm(), costs().launch(100));
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(1, "q", 0, kernel("a", 1, 1024, 0, 0, 1000))
        .job(2, "q", 0, kernel("b", 1, 1024, 0, 0, 1000)).build();

    SimulationResult limited = runWithCredits(w, device, 1, new FifoDouble());
    SimulationResult unlimited = runWithCredits(w, device, Integer.MAX_VALUE, new FifoDouble());

    assertThat(record(limited, 1).finishNs()).isEqualTo(1100);
    assertThat(record(limited, 2).dispatchNs()).isEqualTo(1100);
    assertThat(record(limited, 2).firstStartNs()).isEqualTo(1200);
    assertThat(record(limited, 2).finishNs()).isEqualTo(2200);
    // unlimited: both on their own SM from 100 to 1100
    assertThat(record(unlimited, 2).firstStartNs()).isEqualTo(100);
    assertThat(unlimited.makespanNs()).isEqualTo(1100);
  }

  @Test
  void aJobShortOfCreditsBlocksTheJobsBehindItAsInDrm() {
    // credit limit 4, 3 SMs, fifo; each job in its own queue.
    // job 1 (3 credits, t=0): dispatched at 0, 1 credit left; runs [0, 1000].
    // job 2 (2 credits, t=10): first in fifo order but 2 > 1 free -> nothing is dispatched.
    // job 3 (1 credit, t=20): would fit, but waits behind job 2.
    // at 1000 job 1 returns 3 credits: job 2 (2) and job 3 (1) dispatch together -> [1000, 1100].
    DeviceSpec device = device(3, Sim.bigSm(), costs());
    Workload w = workload()
        .queue("a", Priority.NORMAL).queue("b", Priority.NORMAL).queue("c", Priority.NORMAL)
        .job(Sim.job(1, "a", 0, 3, List.of(), kernel("k1", 1, 1024, 0, 0, 1000)))
        .job(Sim.job(2, "b", 10, 2, List.of(), kernel("k2", 1, 1024, 0, 0, 100)))
        .job(Sim.job(3, "c", 20, 1, List.of(), kernel("k3", 1, 1024, 0, 0, 100)))
        .build();

    SimulationResult result = runWithCredits(w, device, 4, new FifoDouble());

    assertThat(record(result, 2).dispatchNs()).isEqualTo(1000);
    assertThat(record(result, 3).dispatchNs()).isEqualTo(1000);
    assertThat(record(result, 3).finishNs()).isEqualTo(1100);
  }

  @Test
  void creditsAboveTheLimitAreTruncatedToIt() {
    // credit limit 3; job 1 asks for 5 credits: it is dispatched holding 3 (all of them), instead
    // of never fitting. job 2 (1 credit, t=10, other queue) waits until job 1 finishes at 1000.
    List<Integer> creditsAtDispatch = new ArrayList<>();
    FifoDouble fifo = new FifoDouble();
    SchedulingPolicy spy = new SchedulingPolicy() {
      @Override
      public void onJobReady(JobView job, SchedulerView scheduler) {
        fifo.onJobReady(job, scheduler);
      }

      @Override
      public JobView selectNext(SchedulerView scheduler) {
        return fifo.selectNext(scheduler);
      }

      @Override
      public void onJobDispatched(JobView job, SchedulerView scheduler) {
        creditsAtDispatch.add(scheduler.creditsInUse());
        fifo.onJobDispatched(job, scheduler);
      }
    };
    Workload w = workload().queue("a", Priority.NORMAL).queue("b", Priority.NORMAL)
        .job(Sim.job(1, "a", 0, 5, List.of(), kernel("k1", 1, 1024, 0, 0, 1000)))
        .job(Sim.job(2, "b", 10, 1, List.of(), kernel("k2", 1, 1024, 0, 0, 100)))
        .build();

    SimulationResult result = runWithCredits(w, device(2, Sim.bigSm(), costs()), 3, spy);

    // job 1 holds 3 in use; job 2 is dispatched after job 1 returned them: 0 + 1 = 1
    assertThat(creditsAtDispatch).containsExactly(3, 1);
    assertThat(record(result, 1).finishNs()).isEqualTo(1000);
    assertThat(record(result, 2).dispatchNs()).isEqualTo(1000);
    assertThat(record(result, 2).finishNs()).isEqualTo(1100);
  }
}
