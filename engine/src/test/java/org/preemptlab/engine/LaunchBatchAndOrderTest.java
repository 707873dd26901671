package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.record;
import static org.preemptlab.engine.Sim.workload;

import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.QueueAction;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.model.Workload;
import org.junit.jupiter.api.Test;

/**
 * XSched's progressive launching (in-flight threshold and batch size), queues that run their
 * launched jobs in order (a CUDA stream), and time slicing that skips contexts whose work is held.
 */
class LaunchBatchAndOrderTest {

  private static final long KERNEL_NS = 10_000;

  /** Eight one-block kernels of one queue, all submitted at 0, on four wide SMs. */
  private static Workload eightKernels() {
    Sim.W w = workload().queue("q", Priority.NORMAL);
    for (int i = 0; i < 8; i++) {
      w.job(i, "q", 0, kernel("k" + i, 1, 256, 8, 0, KERNEL_NS));
    }
    return w.build();
  }

  private static SimulationResult run(Workload workload, EngineOptions options) {
    DeviceSpec device = Sim.device(4, Sim.bigSm(), Sim.costs());
    return Sim.run(workload, device, EngineFixtures.plugins(device, "fifo", "block-boundary",
        "full"), options);
  }

  @Test
  void launchedJobsOfAnInOrderQueueRunOneAfterAnother() {
    SimulationResult parallel = run(eightKernels(), new EngineOptions(Integer.MAX_VALUE, true, 4));
    SimulationResult inOrder = run(eightKernels(),
        new EngineOptions(Integer.MAX_VALUE, true, 4, 1, true));

    assertThat(record(parallel, 1).firstStartNs()).isEqualTo(0);
    for (long id = 1; id < 8; id++) {
      assertThat(record(inOrder, id).firstStartNs()).isEqualTo(record(inOrder, id - 1).finishNs());
    }
    assertThat(record(inOrder, 7).finishNs()).isEqualTo(8 * KERNEL_NS);
  }

  @Test
  void aLaunchBatchFreesWindowSlotsOnlyWhenASynchronisationPointFinishes() {
    SimulationResult batchOne = run(eightKernels(),
        new EngineOptions(Integer.MAX_VALUE, true, 4, 1, true));
    SimulationResult batchTwo = run(eightKernels(),
        new EngineOptions(Integer.MAX_VALUE, true, 4, 2, true));

    // Batch 1: job 4 takes the slot job 0 frees. Batch 2: job 0 is not a synchronisation point,
    // so jobs 4 and 5 wait for job 1, the first one.
    assertThat(record(batchOne, 4).dispatchNs()).isEqualTo(KERNEL_NS);
    assertThat(record(batchTwo, 4).dispatchNs()).isEqualTo(2 * KERNEL_NS);
    assertThat(record(batchTwo, 5).dispatchNs()).isEqualTo(2 * KERNEL_NS);
    assertThat(record(batchTwo, 6).dispatchNs()).isEqualTo(4 * KERNEL_NS);
  }

  @Test
  void aQueuesOwnLaunchWindowAndBatchOverrideTheEngines() {
    // Engine window 4, batch 2; queue "own" sets window 2, batch 1 (an XSched XQueue's own launch
    // configuration), queue "engine" keeps the engine's; one context, so they run side by side.
    Sim.W w = workload()
        .queue(new org.preemptlab.api.model.JobQueue("own", "a", Priority.NORMAL, 1,
            org.preemptlab.api.model.EngineKind.COMPUTE, false, 2, 1))
        .queue(Sim.queue("engine", "a", Priority.NORMAL));
    for (int i = 0; i < 4; i++) {
      w.job(i, "own", 0, kernel("o" + i, 1, 256, 8, 0, KERNEL_NS));
      w.job(10 + i, "engine", 0, kernel("e" + i, 1, 256, 8, 0, KERNEL_NS));
    }
    SimulationResult result = run(w.build(), new EngineOptions(Integer.MAX_VALUE, true, 4, 2,
        true));

    // own: window 2, batch 1: job 2 launches when job 0 ends, job 3 when job 1 ends.
    assertThat(record(result, 1).dispatchNs()).isEqualTo(0);
    assertThat(record(result, 2).dispatchNs()).isEqualTo(KERNEL_NS);
    assertThat(record(result, 3).dispatchNs()).isEqualTo(2 * KERNEL_NS);
    // engine: window 4: all four launch at once.
    assertThat(record(result, 13).dispatchNs()).isEqualTo(0);
  }

  @Test
  void aQueueWindowBelowTheEnginesBatchIsRefusedNamingTheQueue() {
    Sim.W w = workload().queue(new org.preemptlab.api.model.JobQueue("own", "a",
        Priority.NORMAL, 1, org.preemptlab.api.model.EngineKind.COMPUTE, false, 2, 0));
    w.job(0, "own", 0, kernel("o", 1, 256, 8, 0, KERNEL_NS));

    assertThatThrownBy(() -> run(w.build(), new EngineOptions(Integer.MAX_VALUE, true, 8, 4,
        true)))
        .hasMessageContaining("queue 'own': its launch batch (4) exceeds its launch window (2)");
  }

  @Test
  void levelOneLatencyWithABatchRangesFromHalfToTheWholeWindow() {
    // Window 4, batch 2, in order: jobs 0-3 launch at 0; job 1 (a synchronisation point) ends at
    // 20 us and jobs 4-5 launch; job 3 ends at 40 us and jobs 6-7 launch. Just after 20 us four
    // jobs are in flight (2-5), just before 40 us about two (the end of 3, then 4-5).
    long[] at = {21_000, 39_000};
    long[] latencies = new long[2];
    for (int i = 0; i < 2; i++) {
      Sim.W w = workload().queue("q", Priority.NORMAL);
      for (int j = 0; j < 8; j++) {
        w.job(j, "q", 0, kernel("k" + j, 1, 256, 8, 0, KERNEL_NS));
      }
      w.action(new QueueAction.Suspend(at[i], "q", SuspendLevel.LAUNCH))
          .action(new QueueAction.Resume(1_000_000, "q"));
      latencies[i] = run(w.build(), new EngineOptions(Integer.MAX_VALUE, true, 4, 2, true))
          .suspensions().get(0).latencyNs();
    }
    assertThat(latencies[0]).isEqualTo(6 * KERNEL_NS - 21_000); // 3.9 kernels
    assertThat(latencies[1]).isEqualTo(6 * KERNEL_NS - 39_000); // 2.1 kernels
  }

  @Test
  void aTimeSlicedDeviceDoesNotSwitchToAContextWhoseLaunchedJobsAreAllHeld() {
    DeviceSpec device = Sim.device(1, Sim.bigSm(), Sim.costs().timeSlice(1_000_000)
        .contextSwitch(50_000), false);
    Workload w = workload()
        .queue(Sim.queue("a", "ctx-a", Priority.NORMAL))
        .queue(Sim.queue("b", "ctx-b", Priority.NORMAL))
        .job(1, "a", 0, kernel("long", 1, 1024, 8, 0, 5_000_000))
        .job(2, "b", 0, kernel("held", 1, 1024, 8, 0, 1_000))
        .action(new QueueAction.Suspend(100, "b", SuspendLevel.DEACTIVATE))
        .action(new QueueAction.Resume(20_000_000, "b"))
        .build();

    SimulationResult result = Sim.run(w, device, EngineFixtures.plugins(device, "fifo",
        "block-boundary", "full"), EngineOptions.defaults());

    assertThat(record(result, 1).finishNs()).isEqualTo(5_000_000);
    assertThat(result.contextSwitches()).isEqualTo(1); // only to b, once it is resumed
  }

  @Test
  void aBatchLargerThanTheWindowIsRefused() {
    assertThatThrownBy(() -> new EngineOptions(1, true, 4, 5, false))
        .hasMessageContaining("launch batch must be between 1 and the launch window (4), got 5");
  }
}
