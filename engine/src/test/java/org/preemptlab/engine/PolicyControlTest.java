package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.record;
import static org.preemptlab.engine.Sim.workload;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.preemptlab.api.hardware.ContextOrder;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.QueueAction;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.PreemptScope;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SmSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What a policy controls: placement order, SM sets, partial preemption, suspension, answers. */
class PolicyControlTest {

  private static final SmSpec WIDE_SM = new SmSpec(2048, 16, 65536, 65536, 0);
  private static final long SIGNAL = 200;
  private static final long DISPATCH = 100;
  private static final long SAVE_FIXED = 500;
  private static final double SAVE_BYTES_PER_NS = 100;

  private static DeviceSpec oneSm() {
    return Sim.device(1, WIDE_SM, Sim.costs().signal(SIGNAL).dispatch(DISPATCH)
        .save(SAVE_BYTES_PER_NS, SAVE_FIXED));
  }

  /** Victim: 1 block of 2,048 threads x 10 us at 0; waiter: 1 block of 2,048 threads x 100 ns at 1 us. */
  private static Workload probe() {
    return workload().queue("victim", Priority.NORMAL).queue("waiter", Priority.NORMAL)
        .job(1, "victim", 0, kernel("long", 1, 2048, 8, 0, 10_000))
        .job(2, "waiter", 1_000, kernel("short", 1, 2048, 8, 0, 100))
        .build();
  }

  /** Preempts every resident job submitted before the blocked one (the newest job wins). */
  private static void preemptOlderResidentJobs(JobView blocked, SchedulerView scheduler) {
    for (JobView resident : scheduler.residentJobs()) {
      if (resident.submitTimeNs() < blocked.submitTimeNs()) {
        scheduler.preempt(resident);
      }
    }
  }

  private static SimulationResult run(Workload workload, DeviceSpec device, ScriptedPolicy policy) {
    return run(workload, Sim.hw(device), policy, EngineOptions.defaults(), null);
  }

  private static SimulationResult run(Workload workload, HardwareModel hardware,
      ScriptedPolicy policy, EngineOptions options, EngineListener listener) {
    return Sim.run(workload, hardware, () -> policy, "instruction-level", "full", options,
        listener);
  }

  @Test
  void aWaiterRankedFirstStartsWithinSignalSaveAndDispatchOfItsArrival() {
    ScriptedPolicy policy = new ScriptedPolicy()
        .ranking(Comparator.comparingLong(JobView::submitTimeNs).reversed())
        .whenBlocked(PolicyControlTest::preemptOlderResidentJobs);

    SimulationResult result = run(probe(), oneSm(), policy);

    // The victim's one block saves 2,048 threads x 8 registers x 4 B on the only SM.
    long save = SAVE_FIXED + (long) Math.ceil(2048 * 8 * 4 / SAVE_BYTES_PER_NS);
    long arrival = 1_000;
    assertThat(record(result, 2).firstStartNs())
        .isGreaterThan(arrival)
        .isLessThanOrEqualTo(arrival + SIGNAL + save + DISPATCH);
    assertThat(record(result, 2).finishNs()).isLessThan(record(result, 1).finishNs());
    assertThat(result.preemptions()).singleElement()
        .satisfies(p -> assertThat(p.waiterJobId()).isEqualTo(2));
  }

  @Test
  void underTheHardwareOrderThePreemptedVictimIsPlacedAgainFirst() {
    ScriptedPolicy policy = new ScriptedPolicy()
        .whenBlocked(PolicyControlTest::preemptOlderResidentJobs);

    SimulationResult result = run(probe(), oneSm(), policy);

    // Same priority, earlier launch: the victim's saved block takes the SM back; the waiter
    // starts only after it, so the preemption was paid for and wasted.
    assertThat(record(result, 2).firstStartNs()).isGreaterThan(10_000);
    assertThat(result.preemptions()).hasSize(1);
  }

  private static Workload wideVictimAndWaiter() {
    // 4 SMs of 2,048 threads; the victim fills each with one 2,048-thread block for 10 us; the
    // waiter needs 2 such blocks.
    return workload().queue("victim", Priority.LOW).queue("waiter", Priority.HIGH)
        .job(1, "victim", 0, kernel("long", 4, 2048, 8, 0, 10_000))
        .job(2, "waiter", 1_000, kernel("short", 2, 2048, 8, 0, 100))
        .build();
  }

  @Test
  void preemptingForAWaiterFreesJustEnoughSmsAndLeavesTheOthersRunning() {
    DeviceSpec device = Sim.device(4, WIDE_SM, Sim.costs().signal(SIGNAL));
    ScriptedPolicy policy = new ScriptedPolicy();
    policy.whenBlocked((blocked, scheduler) -> {
      for (JobView resident : scheduler.residentJobs()) {
        if (blocked.priority().isHigherThan(resident.priority())) {
          policy.outcomes.add(scheduler.preempt(resident, PreemptScope.forWaiter(blocked)));
        }
      }
    });

    SimulationResult result = run(wideVictimAndWaiter(), device, policy);

    assertThat(policy.outcomes).containsExactly(ActionOutcome.preempting(2));
    assertThat(result.preemptions()).singleElement()
        .satisfies(p -> assertThat(p.blocks()).isEqualTo(2));
    assertThat(record(result, 2).firstStartNs()).isLessThan(2_000);
  }

  @Test
  void preemptingChosenSmsCoversOnlyTheBlocksOnThem() {
    DeviceSpec device = Sim.device(4, WIDE_SM, Sim.costs().signal(SIGNAL));
    ScriptedPolicy policy = new ScriptedPolicy();
    policy.whenBlocked((blocked, scheduler) -> {
      for (JobView resident : scheduler.residentJobs()) {
        if (blocked.priority().isHigherThan(resident.priority())) {
          policy.outcomes.add(scheduler.preempt(resident, PreemptScope.on(SmSet.of(1, 3))));
          policy.outcomes.add(scheduler.preempt(resident, PreemptScope.on(SmSet.of(1))));
        }
      }
    });

    run(wideVictimAndWaiter(), device, policy);

    assertThat(policy.outcomes.get(0)).isEqualTo(ActionOutcome.preempting(2));
    assertThat(policy.outcomes.get(1).accepted()).isFalse();
    assertThat(policy.outcomes.get(1).reason()).contains("already being preempted").contains("SMs {1}");
  }

  @Test
  void preemptingAJobWithoutBlocksOnSmsIsRefusedWithTheReason() {
    ScriptedPolicy policy = new ScriptedPolicy();
    policy.whenBlocked((blocked, scheduler) -> policy.outcomes.add(scheduler.preempt(blocked)));

    run(probe(), oneSm(), policy);

    assertThat(policy.outcomes).isNotEmpty().allSatisfy(outcome -> {
      assertThat(outcome.accepted()).isFalse();
      assertThat(outcome.reason()).isEqualTo("job 2 (queue 'waiter') has no blocks on SMs");
    });
  }

  @Test
  void aWakeUpInThePastFailsTheRunNamingThePolicy() {
    ScriptedPolicy policy = new ScriptedPolicy()
        .whenReady((job, scheduler) -> scheduler.wakeAt(scheduler.nowNs() - 1));

    assertThatThrownBy(() -> run(probe(), oneSm(), policy))
        .isInstanceOf(InvariantViolationException.class)
        .hasMessage("policy 'test-policy' asked for a wake-up at -1 ns, which is before now "
            + "(0 ns)");
  }

  @Test
  void aQueueRestrictedToSomeSmsPlacesEveryBlockThere() {
    DeviceSpec device = Sim.device(4, Sim.bigSm(), Sim.costs());
    Workload w = workload().queue("a", Priority.NORMAL)
        .job(1, "a", 0, kernel("k", 64, 256, 8, 0, 1_000))
        .build();
    ScriptedPolicy policy = new ScriptedPolicy();
    policy.whenReady((job, scheduler) ->
        policy.outcomes.add(scheduler.restrictSms("a", SmSet.of(1, 2))));
    Set<Integer> used = new TreeSet<>();
    EngineListener listener = new EngineListener() {
      @Override
      public void blockExecuted(int sm, int slot, JobView job, int blockIndex, long startNs,
          long endNs, BlockEnd end) {
        used.add(sm);
      }
    };

    run(w, Sim.hw(device), policy, EngineOptions.defaults(), listener);

    assertThat(policy.outcomes).containsExactly(ActionOutcome.done());
    assertThat(used).containsExactly(1, 2);
  }

  @Test
  void anSmSetOutsideTheDeviceIsRefused() {
    ScriptedPolicy policy = new ScriptedPolicy();
    policy.whenReady((job, scheduler) ->
        policy.outcomes.add(scheduler.restrictSms("victim", SmSet.of(5))));

    run(probe(), oneSm(), policy);

    assertThat(policy.outcomes).first().satisfies(outcome ->
        assertThat(outcome.reason()).isEqualTo("SMs {5} holds no SM of 'test-gpu' (SMs 0 to 0)"));
  }

  /**
   * One queue of identical kernels (one block per SM-slot each), all submitted at 0, suspended at
   * 5 us: the latency until the queue is quiet, per XSched level.
   */
  private static long suspendLatency(SuspendLevel level, int window, long blockNs) {
    DeviceSpec device = Sim.device(1, WIDE_SM, Sim.costs().signal(SIGNAL));
    Sim.W w = workload().queue(Sim.queue("q", "ctx", Priority.NORMAL, false));
    for (int i = 0; i < 32; i++) {
      w.job(i, "q", 0, kernel("k" + i, 1, 2048, 8, 0, blockNs));
    }
    w.action(new QueueAction.Suspend(5_000, "q", level))
        .action(new QueueAction.Resume(1_000_000_000L, "q"));
    SimulationResult result = run(w.build(), Sim.hw(device), new ScriptedPolicy(),
        new EngineOptions(Integer.MAX_VALUE, true, window), null);
    assertThat(result.suspensions()).singleElement()
        .satisfies(s -> assertThat(s.level()).isEqualTo(level.number()));
    return result.suspensions().get(0).latencyNs();
  }

  @Test
  void levelOneSuspensionLatencyGrowsWithTheLaunchWindow() {
    long small = suspendLatency(SuspendLevel.LAUNCH, 2, 10_000);
    long large = suspendLatency(SuspendLevel.LAUNCH, 8, 10_000);
    // At 5 us the first kernel runs; the rest of the window waits behind it.
    assertThat(small).isEqualTo(5_000 + 10_000);
    assertThat(large).isEqualTo(5_000 + 7 * 10_000);
  }

  @Test
  void levelTwoSuspensionWaitsOnlyForTheRunningBlocks() {
    assertThat(suspendLatency(SuspendLevel.DEACTIVATE, 8, 10_000)).isEqualTo(5_000);
  }

  @ParameterizedTest
  @ValueSource(longs = {10_000, 100_000, 1_000_000})
  void levelThreeSuspensionLatencyDoesNotGrowWithKernelLength(long blockNs) {
    // Instruction-level: signal, then the one block's save on the only SM.
    long save = Math.max(1, (long) Math.ceil(2048 * 8 * 4 / 1e9));
    assertThat(suspendLatency(SuspendLevel.INTERRUPT, 8, blockNs)).isEqualTo(SIGNAL + save);
  }

  @Test
  void aSuspendedQueuesReadyJobIsWithdrawnAndOfferedAgainOnResume() {
    Workload w = workload().queue("a", Priority.NORMAL)
        .job(1, "a", 100, kernel("k", 1, 256, 8, 0, 1_000))
        .action(new QueueAction.Suspend(50, "a", SuspendLevel.LAUNCH))
        .action(new QueueAction.Resume(5_000, "a"))
        .build();
    ScriptedPolicy policy = new ScriptedPolicy();

    SimulationResult result = run(w, oneSm(), policy);

    assertThat(record(result, 1).submitNs()).isEqualTo(100);
    assertThat(record(result, 1).readyNs()).isEqualTo(5_000);
    assertThat(result.suspensions()).containsExactly(
        new SuspensionRecord("a", 1, 50, 50, 5_000));
  }

  @Test
  void aRaisedPriorityReordersLaunchedJobsForPlacement() {
    // One SM; "low" and "high" each launch a 1-block kernel that fills it, plus a blocker runs
    // first. At 500 ns "low" is raised above "high": it gets the SM when the blocker ends.
    Workload w = workload().queue("blocker", Priority.KERNEL).queue("high", Priority.HIGH)
        .queue("low", Priority.LOW)
        .job(1, "blocker", 0, kernel("b", 1, 2048, 8, 0, 1_000))
        .job(2, "high", 10, kernel("h", 1, 2048, 8, 0, 1_000))
        .job(3, "low", 20, kernel("l", 1, 2048, 8, 0, 1_000))
        .action(new QueueAction.SetPriority(500, "low", Priority.KERNEL))
        .build();

    SimulationResult result = run(w, oneSm(), new ScriptedPolicy());

    assertThat(record(result, 3).firstStartNs()).isLessThan(record(result, 2).firstStartNs());
  }

  @ParameterizedTest
  @ValueSource(strings = {"RUNLIST", "FCFS"})
  void theNextTimeSlicedContextFollowsTheModelsContextOrder(ContextOrder order) {
    DeviceSpec device = Sim.device(1, WIDE_SM, Sim.costs().timeSlice(1_000), false);
    HardwareModel hardware = new HardwareModel() {
      @Override
      public DeviceSpec device() {
        return device;
      }

      @Override
      public ContextOrder contextOrder() {
        return order;
      }
    };
    // c0 runs from 0; c2 becomes runnable at 10, c1 at 20. The slice ends at 1 us.
    Workload w = workload()
        .queue(Sim.queue("q0", "c0", Priority.NORMAL)).queue(Sim.queue("q1", "c1", Priority.NORMAL))
        .queue(Sim.queue("q2", "c2", Priority.NORMAL))
        .job(0, "q0", 0, kernel("k0", 1, 2048, 8, 0, 5_000))
        .job(2, "q2", 10, kernel("k2", 1, 2048, 8, 0, 100))
        .job(1, "q1", 20, kernel("k1", 1, 2048, 8, 0, 100))
        .build();
    List<String> switches = new ArrayList<>();
    EngineListener listener = new EngineListener() {
      @Override
      public void contextSwitched(long startNs, long endNs, String from, String to) {
        switches.add(from + "->" + to);
      }
    };

    run(w, hardware, new ScriptedPolicy(), EngineOptions.defaults(), listener);

    assertThat(switches).first().isEqualTo(order == ContextOrder.RUNLIST ? "c0->c1" : "c0->c2");
  }

  @Test
  void attainedGpuTimeCountsTheSmTimeEveryBlockExecutedIncludingBeforeAPreemption() {
    // Victim: one 10 us block, started after the 100 ns dispatch, stopped at 1.2 us (request at
    // 1 us + 200 ns signal) after 1.1 us, resumed after the waiter; the waiter's block runs 100 ns.
    List<Long> attainedAtFinish = new ArrayList<>();
    List<Long> queueAttained = new ArrayList<>();
    ScriptedPolicy policy = new ScriptedPolicy() {
      @Override
      public void onJobFinished(JobView job, SchedulerView scheduler) {
        attainedAtFinish.add(job.attainedGpuNs());
        queueAttained.add(scheduler.queue(job.queue().id()).attainedGpuNs());
      }
    }.ranking(Comparator.comparingLong(JobView::submitTimeNs).reversed())
        .whenBlocked(PolicyControlTest::preemptOlderResidentJobs);

    run(probe(), oneSm(), policy);

    // Waiter first (100 ns), then the victim: 1,100 ns before the stop + 8,900 ns after = 10 us.
    assertThat(attainedAtFinish).containsExactly(100L, 10_000L);
    assertThat(queueAttained).containsExactly(100L, 10_000L);
  }
}
