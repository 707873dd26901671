package org.preemptlab.policies.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.policies.lab.PolicyLab.idempotentKernel;
import static org.preemptlab.policies.lab.PolicyLab.kernel;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.QueueAction;
import org.preemptlab.api.model.Workload;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.policies.lab.PolicyLab.Outcome;

/** reset-realtime (REEF) and timeslice-yield (GPreempt) on the real engine. */
class MechanismPoliciesTest {

  private static final long ARRIVAL = 1_050_000;
  private static final EngineOptions WINDOW_16 = new EngineOptions(Integer.MAX_VALUE, true,
      EngineOptions.XSCHED_LAUNCH_WINDOW);

  /** The lab's device with contexts time-sliced: 10 us switches, a 2 ms default slice. */
  private static final DeviceSpec SLICED = new DeviceSpec("policy-lab-sliced", 8,
      PolicyLab.DEVICE.sm(), 1000, new DeviceCosts(0, 0, 1_000, 100, 2_000, 100, 2_000, 10_000,
          2_000_000, 0), true, false);

  /** Four one-wave best-effort kernels of 400 us blocks at 0, one real-time kernel at 1.05 ms. */
  private static Workload bestEffortAndRealtime(boolean idempotent, int realtimeBlocks) {
    PolicyLab.Builder w = PolicyLab.workload()
        .queue("be", Priority.LOW, 1).queue("rt", Priority.HIGH, 1);
    for (int i = 0; i < 4; i++) {
      w.job("be", 0, idempotent ? idempotentKernel("be", 64, 256, 400_000)
          : kernel("be", 64, 256, 400_000));
    }
    w.job("rt", ARRIVAL, kernel("rt", realtimeBlocks, 256, 50_000));
    return w.build();
  }

  private static Outcome reset(Workload w) {
    return PolicyLab.run(w, "reset-realtime", Map.of(), PolicyLab.DEVICE, "flush", 0,
        Long.MAX_VALUE, WINDOW_16);
  }

  private static JobRecord only(Outcome outcome, String queue) {
    return outcome.jobsOf(queue).get(0);
  }

  private static long lostWork(Outcome outcome, String queue) {
    return outcome.jobsOf(queue).stream().mapToLong(JobRecord::lostWorkNs).sum();
  }

  @Test
  void resetRealtimeKillsIdempotentBestEffortBlocksForARealTimeJobAndSavesNothing() {
    Outcome outcome = reset(bestEffortAndRealtime(true, 64));

    assertThat(only(outcome, "rt").firstStartNs() - ARRIVAL).isLessThan(5_000);
    assertThat(lostWork(outcome, "be")).isPositive();
    assertThat(outcome.jobsOf("be")).allSatisfy(j -> assertThat(j.bytesSaved()).isZero());
    assertThat(outcome.jobsOf("be")).allSatisfy(j -> assertThat(j.finishNs()).isPositive());
  }

  @Test
  void holdingBestEffortResetsEveryBestEffortBlockAndKeepsBestEffortOffTheDeviceUntilRealtimeEnds() {
    // 32 real-time blocks need only half the device, but REEF's Reset loop empties it: all 64
    // resident best-effort blocks are killed (about 250 us of work each), and no best-effort block
    // starts again before the real-time job has finished.
    Outcome outcome = PolicyLab.run(bestEffortAndRealtime(true, 32), "reset-realtime",
        Map.of("best-effort", "hold"), PolicyLab.DEVICE, "flush", 0, Long.MAX_VALUE, WINDOW_16);

    JobRecord realtime = only(outcome, "rt");
    assertThat(lostWork(outcome, "be")).isBetween(64L * 250_000, 64L * 255_000);
    assertThat(realtime.firstStartNs() - ARRIVAL).isLessThan(5_000);
    // the first two kernels ended before the real-time job arrived; the other two after it ends
    assertThat(outcome.jobsOf("be").subList(0, 2)).allSatisfy(j -> assertThat(j.finishNs())
        .isLessThan(ARRIVAL));
    assertThat(outcome.jobsOf("be").subList(2, 4)).allSatisfy(j -> assertThat(j.finishNs())
        .isGreaterThan(realtime.finishNs()));
  }

  @Test
  void holdingBestEffortWithDrainingLetsTheResidentBlocksFinishButStartsNoNewOnes() {
    // block-boundary: the resident best-effort blocks run to their ends (nothing is lost); the
    // best-effort kernels not yet started wait for the real-time job to finish.
    Outcome outcome = PolicyLab.run(bestEffortAndRealtime(true, 32), "reset-realtime",
        Map.of("best-effort", "hold"), PolicyLab.DEVICE, "block-boundary", 0, Long.MAX_VALUE,
        WINDOW_16);

    JobRecord realtime = only(outcome, "rt");
    assertThat(lostWork(outcome, "be")).isZero();
    assertThat(outcome.jobsOf("be").get(3).firstStartNs()).isGreaterThanOrEqualTo(
        realtime.finishNs());
  }

  /** The lab's device with a 5 us kernel launch and a 100 ns block dispatch. */
  private static final DeviceSpec LAUNCHING = new DeviceSpec("policy-lab-launching", 8,
      PolicyLab.DEVICE.sm(), 1000, new DeviceCosts(5_000, 100, 1_000, 100, 2_000, 100, 2_000, 0,
          1_000_000_000L, 0), true, true);
  private static final long PASS_PER_KERNEL = 5_000 + 100;
  /** In-order queues (one HIP stream each, as in REEF), an unbounded launch window. */
  private static final EngineOptions IN_ORDER = new EngineOptions(Integer.MAX_VALUE, true,
      Integer.MAX_VALUE, 1, true);

  /**
   * Sixty one-wave best-effort kernels of 20 us blocks from 0, then real-time kernels: one at
   * 1.05 ms, and {@code more} more behind it in its in-order queue.
   */
  private static Workload shortBestEffortAndRealtime(int more) {
    PolicyLab.Builder w = PolicyLab.workload()
        .queue("be", Priority.LOW, 1).queue("rt", Priority.HIGH, 1);
    for (int i = 0; i < 60; i++) {
      w.job("be", 0, idempotentKernel("be", 64, 256, 20_000));
    }
    for (int i = 0; i <= more; i++) {
      w.job("rt", ARRIVAL, kernel("rt", 32, 256, 50_000));
    }
    return w.build();
  }

  private static Outcome reef(String bestEffort, int more) {
    return PolicyLab.run(shortBestEffortAndRealtime(more), "reset-realtime",
        Map.of("best-effort", bestEffort), LAUNCHING, "block-boundary", 0, Long.MAX_VALUE,
        IN_ORDER);
  }

  private static long notStartedAt(Outcome outcome, long timeNs) {
    return outcome.jobsOf("be").stream().filter(j -> j.firstStartNs() > timeNs).count();
  }

  @Test
  void waitingMakesTheRealTimeJobWaitForEveryBestEffortKernelInTheDeviceQueueToPass() {
    // REEF's WaitPreempt: the best-effort kernels not started when the real-time job comes pass
    // through the device one by one (a launch and a block dispatch each) before it launches.
    Outcome outcome = reef("wait", 0);

    long queued = notStartedAt(outcome, ARRIVAL);
    long start = only(outcome, "rt").firstStartNs();
    assertThat(queued).isGreaterThan(5);
    // its own launch and dispatch come after the pass
    assertThat(start).isEqualTo(ARRIVAL + queued * PASS_PER_KERNEL + PASS_PER_KERNEL);
    assertThat(lostWork(outcome, "be")).isZero();
    assertThat(outcome.jobsOf("be")).filteredOn(j -> j.firstStartNs() > ARRIVAL)
        .allSatisfy(j -> assertThat(j.firstStartNs()).isGreaterThan(
            only(outcome, "rt").finishNs()));
  }

  @Test
  void holdingDoesNotMakeTheRealTimeJobWaitForTheBestEffortDeviceQueue() {
    // The same run with REEF's Reset loop: the queued kernels are held on the host at no cost,
    // so the real-time job waits only for its launch and the resident 20 us blocks.
    Outcome outcome = reef("hold", 0);

    assertThat(only(outcome, "rt").firstStartNs() - ARRIVAL).isLessThanOrEqualTo(
        20_000 + PASS_PER_KERNEL);
  }

  @Test
  void waitingPassesTheDeviceQueueOnlyOnceWhileBestEffortLaunchesNothingInBetween() {
    // Three real-time kernels in one in-order queue: between two of them best effort is resumed
    // and suspended again in the same instant, launches nothing, and has nothing left to pass.
    Outcome outcome = reef("wait", 2);

    List<JobRecord> realtime = outcome.jobsOf("rt");
    long queued = notStartedAt(outcome, ARRIVAL);
    assertThat(realtime.get(0).firstStartNs()).isEqualTo(
        ARRIVAL + queued * PASS_PER_KERNEL + PASS_PER_KERNEL);
    for (int i = 1; i < 3; i++) {
      assertThat(realtime.get(i).firstStartNs() - realtime.get(i - 1).finishNs())
          .isLessThanOrEqualTo(PASS_PER_KERNEL);
    }
  }

  @Test
  void resetRealtimeNeverResetsAKernelThatIsNotIdempotent() {
    Outcome outcome = reset(bestEffortAndRealtime(false, 64));

    // The third best-effort kernel runs from 0.8 ms to 1.2 ms; the real-time job waits for it.
    assertThat(only(outcome, "rt").firstStartNs()).isEqualTo(1_200_000);
    assertThat(outcome.result().preemptions()).isEmpty();
  }

  @Test
  void resetRealtimeResetsOnlyTheBestEffortBlocksTheRealTimeJobNeeds() {
    Outcome outcome = reset(bestEffortAndRealtime(true, 32));

    // Half the device: 32 of the 64 running best-effort blocks are reset, about 250 us of work
    // each; the other half keeps running beside the real-time job (REEF's padding).
    assertThat(lostWork(outcome, "be")).isBetween(32L * 250_000, 32L * 255_000);
    assertThat(only(outcome, "rt").firstStartNs() - ARRIVAL).isLessThan(5_000);
  }

  /**
   * Best-effort kernels back to back in their own context from 0; latency-critical kernels of 50 us
   * at 1.05 ms and at 1.3 ms, when the device is back with the best effort.
   */
  private static Workload slicedContexts() {
    Kernel be = kernel("be", 64, 256, 400_000);
    PolicyLab.Builder w = PolicyLab.workload()
        .queue("be", Priority.LOW, 1).queue("lc", Priority.HIGH, 1);
    for (int i = 0; i < 10; i++) {
      w.job("be", 0, be);
    }
    w.job("lc", ARRIVAL, kernel("lc", 64, 256, 50_000));
    w.job("lc", 1_300_000, kernel("lc", 64, 256, 50_000));
    return w.build();
  }

  private static Outcome sliced(String policy, Map<String, String> parameters) {
    return PolicyLab.run(slicedContexts(), policy, parameters, SLICED, "instruction-level", 0,
        Long.MAX_VALUE, WINDOW_16);
  }

  private static long secondWait(Outcome outcome) {
    JobRecord second = outcome.jobsOf("lc").get(1);
    return second.firstStartNs() - second.submitNs();
  }

  @Test
  void timesliceYieldMakesALatencyCriticalJobWaitAtMostTheBestEffortSliceAndASwitch() {
    Outcome yield = sliced("timeslice-yield", Map.of());
    Outcome fifo = sliced("fifo", Map.of());

    // The second job arrives while the best-effort context has the device again: it waits for
    // the rest of its 200 us slice, then the signal, the save and the 10 us switch.
    assertThat(secondWait(yield)).isBetween(50_000L, 200_000L + 30_000L);
    // With the hardware's 2 ms slice the first job waits until 2 ms, and the second behind it.
    assertThat(secondWait(fifo)).isGreaterThan(500_000);
  }

  @Test
  void prePreemptionHandsTheDeviceOverAtTheSubmissionWithoutWaitingForTheSlice() {
    Outcome hinted = sliced("timeslice-yield", Map.of("pre-preemption", "true"));
    Outcome plain = sliced("timeslice-yield", Map.of());

    assertThat(secondWait(hinted)).isLessThan(30_000);
    assertThat(secondWait(hinted)).isLessThan(secondWait(plain));
    assertThat(hinted.result().suspensions()).isNotEmpty();
  }

  @Test
  void aPreparationHintStartsTheYieldBeforeTheSubmissionSoTheDeviceIsFreeWhenItComes() {
    Workload plain = slicedContexts();
    // The application starts preparing the second job 200 us before submitting it.
    Workload prepared = new Workload(plain.contexts(), plain.queues(), plain.jobs(),
        List.of(new QueueAction.Prepare(1_100_000, "lc", 200_000)));
    Map<String, String> hint = Map.of("pre-preemption", "true");
    Outcome withHint = PolicyLab.run(prepared, "timeslice-yield", hint, SLICED,
        "instruction-level", 0, Long.MAX_VALUE, WINDOW_16);
    Outcome atSubmission = sliced("timeslice-yield", hint);
    Outcome ignored = PolicyLab.run(prepared, "timeslice-yield", Map.of(), SLICED,
        "instruction-level", 0, Long.MAX_VALUE, WINDOW_16);

    assertThat(secondWait(withHint)).as("the yield was over before the submission")
        .isLessThan(secondWait(atSubmission));
    assertThat(withHint.result().suspensions().stream().anyMatch(s -> s.requestNs() <= 1_100_000
        && (s.resumeNs() < 0 || s.resumeNs() >= 1_300_000)))
        .as("the best effort is held from the hint until the submission").isTrue();
    assertThat(secondWait(ignored)).as("without pre-preemption the hint changes nothing")
        .isEqualTo(secondWait(sliced("timeslice-yield", Map.of())));
  }

  @Test
  void aPreparationHintKeepsTheLatencyCriticalContextRunnableSoTheSwitchIsOverBeforeTheSubmission() {
    Workload plain = slicedContexts();
    Workload prepared = new Workload(plain.contexts(), plain.queues(), plain.jobs(),
        List.of(new QueueAction.Prepare(1_100_000, "lc", 200_000)));
    Outcome withHint = PolicyLab.run(prepared, "timeslice-yield",
        Map.of("pre-preemption", "true"), SLICED, "instruction-level", 0, Long.MAX_VALUE,
        WINDOW_16);

    // Launches and dispatch are free on this device, so what the second job waits for after its
    // submission is the 10 us context switch unless it was made during the preparation.
    assertThat(secondWait(withHint)).isLessThan(10_000);
  }

  @Test
  void timesliceYieldLetsALatencyCriticalContextKeepTheDeviceWhileItHasWork() {
    PolicyLab.Builder w = PolicyLab.workload()
        .queue("lc", Priority.HIGH, 1).queue("be", Priority.LOW, 1);
    for (int i = 0; i < 4; i++) {
      w.job("lc", 0, kernel("lc", 64, 256, 1_000_000));
    }
    w.job("be", 100_000, kernel("be", 64, 256, 50_000));
    Outcome outcome = PolicyLab.run(w.build(), "timeslice-yield", Map.of(), SLICED,
        "instruction-level", 0, Long.MAX_VALUE, WINDOW_16);

    // 4 ms of latency-critical work, well past the hardware's 2 ms slice: no switch before it ends.
    assertThat(only(outcome, "be").firstStartNs()).isGreaterThanOrEqualTo(4_000_000);
    assertThat(outcome.result().contextSwitches()).isEqualTo(1);
  }
}
