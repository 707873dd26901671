package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.program;
import static org.preemptlab.engine.Sim.seg;
import static org.preemptlab.engine.Sim.workload;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.testkit.doubles.BlockBoundaryDouble;
import org.preemptlab.testkit.doubles.InstructionLevelDouble;
import org.preemptlab.testkit.doubles.FullSaveDouble;
import org.preemptlab.testkit.doubles.FifoDouble;
import org.preemptlab.testkit.doubles.PriorityDouble;
import org.preemptlab.testkit.TestJob;

/** Plugins that break the model's rules fail the run; impossible workloads fail before it. */
class InvariantAndValidationTest {
  private static final DeviceSpec DEVICE = device(1, Sim.bigSm(), costs());

  /** LOW fills the SM; HIGH at 350 makes the priority policy preempt it. */
  private static Workload preemptedAt350(Kernel low) {
    return workload().queue("low", Priority.LOW).queue("high", Priority.HIGH)
        .job(1, "low", 0, low)
        .job(2, "high", 350, kernel("infer", 1, 1024, 0, 0, 100))
        .build();
  }

  private static SimulationResult runWith(Workload w, PreemptionPointStrategy strategy,
      ContextSaveStrategy save) {
    RunPlugins plugins = new RunPlugins("priority", kind -> new PriorityDouble(true),
        "broken-strategy", strategy, "broken-save", save);
    return Sim.run(w, DEVICE, plugins, EngineOptions.defaults());
  }

  private static SimulationResult runWithPolicy(Workload w, String id, SchedulingPolicy policy) {
    RunPlugins plugins = new RunPlugins(id, kind -> policy, "block-boundary",
        new BlockBoundaryDouble(), "full", new FullSaveDouble());
    return Sim.run(w, DEVICE, plugins, EngineOptions.defaults());
  }

  @Test
  void aStrategyThatStopsInsideABarrierFailsTheRunNamingTheStrategy() {
    // program: compute [0, 200), barrier [200, 600), compute [600, 1000); the request reaches the
    // block at 350, inside the barrier, and the broken strategy stops right there.
    BlockProgram program = program(seg(SegmentKind.COMPUTE, 200, 4),
        seg(SegmentKind.BARRIER, 400, 4), seg(SegmentKind.COMPUTE, 400, 4));
    Workload w = preemptedAt350(kernel("train", 1, 1024, 4, 0, false, program));

    assertThatThrownBy(() -> runWith(w,
        block -> PreemptionDecision.saveAt(block.progressNs(), "anywhere"), new FullSaveDouble()))
        .isInstanceOf(InvariantViolationException.class)
        .hasMessageContaining("preemption strategy 'broken-strategy'")
        .hasMessageContaining("offset 350")
        .hasMessageContaining("BARRIER");
  }

  @Test
  void theSameStopIsAllowedWhenInvariantChecksAreOff() {
    // With checks off the run completes: stop at 350, free save (0 regs, 0 shared = 0 bytes),
    // HIGH [350, 450], LOW resumes 450 with 650 left -> 1100.
    BlockProgram program = program(seg(SegmentKind.COMPUTE, 200, 0),
        seg(SegmentKind.BARRIER, 400, 0), seg(SegmentKind.COMPUTE, 400, 0));
    Workload w = preemptedAt350(kernel("train", 1, 1024, 0, 0, false, program));
    RunPlugins plugins = new RunPlugins("priority", kind -> new PriorityDouble(true), "anywhere",
        block -> PreemptionDecision.saveAt(block.progressNs(), "anywhere"), "full",
        new FullSaveDouble());

    SimulationResult result = Sim.run(w, DEVICE, plugins, new EngineOptions(100, false));

    assertThat(Sim.record(result, 1).finishNs()).isEqualTo(1100);
  }

  @Test
  void aStopBeforeTheBlocksProgressIsAlwaysRejected() {
    Workload w = preemptedAt350(kernel("train", 1, 1024, 4, 0, 1000));
    RunPlugins plugins = new RunPlugins("priority", kind -> new PriorityDouble(true), "rewind",
        block -> PreemptionDecision.saveAt(0, "rewind"), "full", new FullSaveDouble());

    assertThatThrownBy(() -> Sim.run(w, DEVICE, plugins, new EngineOptions(100, false)))
        .isInstanceOf(InvariantViolationException.class)
        .hasMessageContaining("preemption strategy 'rewind' chose stop offset 0")
        .hasMessageContaining("at progress 350");
  }

  @Test
  void flushingANonIdempotentKernelFailsTheRun() {
    Workload w = preemptedAt350(kernel("train", 1, 1024, 4, 0, 1000));

    assertThatThrownBy(() -> runWith(w, block -> PreemptionDecision.flush(block, "flush"),
        new FullSaveDouble()))
        .isInstanceOf(InvariantViolationException.class)
        .hasMessageContaining("preemption strategy 'broken-strategy' flushed a block of job 1")
        .hasMessageContaining("kernel 'train' is not idempotent");
  }

  @Test
  void aNegativeSaveSizeFailsTheRunNamingTheContextSaveStrategy() {
    Workload w = preemptedAt350(kernel("train", 1, 1024, 4, 0, 1000));

    assertThatThrownBy(() -> runWith(w, new InstructionLevelDouble(), point -> -1))
        .isInstanceOf(InvariantViolationException.class)
        .hasMessageContaining("context-save strategy 'broken-save'")
        .hasMessageContaining("-1");
  }

  /** Holds ready jobs and never selects any. */
  private static class LazyPolicy implements SchedulingPolicy {
    @Override
    public void onJobReady(JobView job, SchedulerView scheduler) {}

    @Override
    public JobView selectNext(SchedulerView scheduler) {
      return null;
    }

    @Override
    public void onJobDispatched(JobView job, SchedulerView scheduler) {}
  }

  @Test
  void aPolicyThatKeepsAskingForATimerAtTheSameInstantFailsTheRunInsteadOfHanging() {
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(1, "q", 0, kernel("k", 1, 64, 0, 0, 100)).build();
    SchedulingPolicy restless = new LazyPolicy() {
      @Override
      public void onJobReady(JobView job, SchedulerView scheduler) {
        scheduler.wakeAt(scheduler.nowNs());
      }

      @Override
      public void onTimer(SchedulerView scheduler) {
        scheduler.wakeAt(scheduler.nowNs());
      }
    };

    assertThatThrownBy(() -> runWithPolicy(w, "restless", restless))
        .isInstanceOf(InvariantViolationException.class)
        .hasMessageContaining("more than " + RunServices.MAX_EVENTS_PER_INSTANT
            + " events at simulated time 0 ns")
        .hasMessageContaining("policy 'restless'");
  }

  @Test
  void aPolicyThatNeverSelectsAReadyJobFailsTheRunNamingThePolicy() {
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(1, "q", 0, kernel("k", 1, 64, 0, 0, 100)).build();

    assertThatThrownBy(() -> runWithPolicy(w, "lazy", new LazyPolicy()))
        .isInstanceOf(InvariantViolationException.class)
        .hasMessageContaining("1 of 1 jobs unfinished")
        .hasMessageContaining("job 1 (queue 'q') is READY")
        .hasMessageContaining("policy 'lazy' never selected it");
  }

  @Test
  void theStuckMessageNamesThePolicyEvenWhenTheFirstUnfinishedJobIsStillSubmitted() {
    // job 2 (listed first) waits behind job 1 in the queue, so it is SUBMITTED; job 1 is READY
    // and never selected: the policy is to blame and must be named.
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(2, "q", 10, kernel("k", 1, 64, 0, 0, 100))
        .job(1, "q", 0, kernel("k", 1, 64, 0, 0, 100)).build();

    assertThatThrownBy(() -> runWithPolicy(w, "lazy", new LazyPolicy()))
        .isInstanceOf(InvariantViolationException.class)
        .hasMessageContaining("2 of 2 jobs unfinished")
        .hasMessageContaining("job 1 (queue 'q') is READY")
        .hasMessageContaining("policy 'lazy' never selected it");
  }

  @Test
  void aPolicySelectingAJobViewTheRunDidNotHandOutFailsTheRun() {
    JobView stranger = TestJob.builder(99).state(JobState.READY).build();
    SchedulingPolicy forger = new LazyPolicy() {
      @Override
      public JobView selectNext(SchedulerView scheduler) {
        return stranger;
      }
    };
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(1, "q", 0, kernel("k", 1, 64, 0, 0, 100)).build();

    assertThatThrownBy(() -> runWithPolicy(w, "forger", forger))
        .isInstanceOf(InvariantViolationException.class)
        .hasMessageContaining("policy 'forger' selected a job view that this run did not hand out");
  }

  @Test
  void aPolicySelectingAJobItNoLongerHoldsFailsTheRun() {
    // forgets to drop the job on dispatch, so it offers the dispatched job again
    FifoDouble fifo = new FifoDouble();
    SchedulingPolicy sticky = new SchedulingPolicy() {
      JobView last;

      @Override
      public void onJobReady(JobView job, SchedulerView scheduler) {
        fifo.onJobReady(job, scheduler);
      }

      @Override
      public JobView selectNext(SchedulerView scheduler) {
        JobView next = fifo.selectNext(scheduler);
        return next != null ? next : last;
      }

      @Override
      public void onJobDispatched(JobView job, SchedulerView scheduler) {
        fifo.onJobDispatched(job, scheduler);
        last = job;
      }
    };
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(1, "q", 0, kernel("k", 1, 64, 0, 0, 100)).build();

    assertThatThrownBy(() -> runWithPolicy(w, "sticky", sticky))
        .isInstanceOf(InvariantViolationException.class)
        .hasMessageContaining("policy 'sticky' selected job 1 (queue 'q') on engine COMPUTE, but it"
            + " is DISPATCHED");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      // 2048 threads > 1024
      "threads   | 2048 | 0   | 0     | a block needs 2048 threads but an SM of 'test-gpu' holds at most"
          + " 1024",
      // 1024 x 128 = 131072 registers > 65536
      "registers | 1024 | 128 | 0     | a block needs 131072 registers (128 x 1024 threads) but an SM"
          + " of 'test-gpu' holds at most 65536",
      // 48640 + 1024 reserved = 49664 > 49152 (it would fit without the reservation)
      "shared    | 64   | 0   | 48640 | a block needs 49664 bytes of shared memory (including 1024"
          + " reserved) but an SM of 'test-gpu' holds at most 49152"})
  void aBlockThatCannotFitAnEmptySmIsRejectedBeforeSimulating(String limit, int threads,
      int regs, int shared, String message) {
    DeviceSpec device = device(2, new SmSpec(1024, 16, 65536, 49152, 1024), costs());
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(1, "q", 0, kernel("fine", 1, 64, 0, 0, 100))
        .job(7, "q", 0, kernel("big", 1, threads, regs, shared, 100)).build();

    assertThatThrownBy(() -> new Simulator(w, Sim.hw(device),
        EngineFixtures.plugins(device, "fifo", "block-boundary", "full"),
        EngineOptions.defaults()))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("job 7 (queue 'q', kernel 'big'): " + message);
  }
}
