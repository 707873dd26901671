package org.preemptlab.plugins.preemption.useryield;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.model.Workload;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.PreemptionRecord;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.testkit.TestPlugins;
import org.preemptlab.testkit.TestQueues;
import org.preemptlab.testkit.engine.PluginTestKit;
import org.preemptlab.testkit.engine.TestWorkload;

/**
 * The {@code user-yield} strategy (default parameters) on the real engine: a HIGH job arrives at
 * t=300 while a LOW job fills the device, and the kit's default policy (a double of {@code
 * priority}) preempts the LOW job; saves are {@code full}. The set-up of the engine's
 * {@code PreemptionTest}, where these cases lived:
 *
 * <ul>
 *   <li>2 SMs of 1024 threads; preemption signal 50 ns; save 64 B/ns device-wide (32 B/ns per SM)
 *       + 100 ns fixed; restore 128 B/ns (64 B/ns per SM) + 20 ns fixed.
 *   <li>LOW kernel: blocks of 1024 threads (one per SM), 4 registers per thread, no shared memory:
 *       a whole allocation of 1024 x 4 x 4 B = 16384 B per block.
 *   <li>HIGH kernel: 1 block of 1024 threads, 200 ns.
 *   <li>Full save of a block: 100 + 16384 / 32 = 612 ns; full restore: 20 + 16384 / 64 = 276 ns.
 * </ul>
 */
class UserYieldOnEngineTest {
  private static final DeviceSpec DEVICE = new DeviceSpec("test-gpu", 2,
      new SmSpec(1024, 16, 65536, 65536, 0), 1000,
      new DeviceCosts(0, 0, 50, 64, 100, 128, 20, 0, 1_000_000_000L, 0), true, true);

  private static Workload lowThenHigh(BlockProgram lowProgram, int lowBlocks, boolean yields,
      long highAt) {
    Kernel low = new Kernel("train", lowBlocks, 1024, 4, 0, false, lowProgram,
        new BlockTiming.Exact());
    Kernel high = new Kernel("infer", 1, 1024, 0, 0, false, BlockProgram.uniform(200, 0, 0),
        new BlockTiming.Exact());
    return TestWorkload.create().context("ctx", yields)
        .queue(TestQueues.queue("low", Priority.LOW)).queue(TestQueues.queue("high", Priority.HIGH))
        .job(Job.of(1, "low", 0, low))
        .job(Job.of(2, "high", highAt, high))
        .build();
  }

  /** Runs under {@code user-yield} with its defaults, unlimited credits and launch windows. */
  private static SimulationResult run(Workload workload) {
    return PluginTestKit.preemption(TestPlugins.create(new UserYieldStrategyProvider(), DEVICE))
        .device(DEVICE).launchWindow(Integer.MAX_VALUE).on(workload).run().result();
  }

  private static Segment seg(SegmentKind kind, long ns, int liveRegs) {
    return new Segment(kind, ns, ns, liveRegs, 0);
  }

  private static BlockProgram program(Segment... segments) {
    return new BlockProgram(List.of(segments));
  }

  private static JobRecord record(SimulationResult result, long jobId) {
    return result.jobs().stream().filter(j -> j.jobId() == jobId).findFirst().orElseThrow();
  }

  @ParameterizedTest(name = "request at {0}")
  @CsvSource({
      // program: compute [0,300) yield [300,400) compute [400,700) yield [700,800) compute [800,1000)
      // request 300 -> signal 350 -> next yield point ends at 400 -> stop 400, free 400 + 612 =
      //   1012. LOW: SM1 1012 + 276 + 600 = 1888; SM0 1212 + 276 + 600 = 2088.
      "300, 400, 1012, 2088",
      // request 450 -> signal 500 -> first yield point ends before 500; the next ends at 800 ->
      //   stop 800, free 1412. LOW: SM1 1412 + 276 + 200 = 1888; SM0 1612 + 276 + 200 = 2088.
      "450, 800, 1412, 2088"})
  void userYieldStopsAtTheEndOfTheNextYieldPoint(long request, long stop, long free,
      long lowFinish) {
    BlockProgram program = program(seg(SegmentKind.COMPUTE, 300, 4),
        seg(SegmentKind.YIELD_POINT, 100, 4), seg(SegmentKind.COMPUTE, 300, 4),
        seg(SegmentKind.YIELD_POINT, 100, 4), seg(SegmentKind.COMPUTE, 200, 4));

    SimulationResult result = run(lowThenHigh(program, 2, true, request));

    assertThat(result.preemptions()).containsExactly(new PreemptionRecord(1, "low", request, stop,
        free, 2, 0, 2, 0, 32768, Map.of("user-yield", 2), 2, free));
    assertThat(record(result, 2).firstStartNs()).isEqualTo(free);
    assertThat(record(result, 1).finishNs()).isEqualTo(lowFinish);
    assertThat(record(result, 1).bytesRestored()).isEqualTo(32768);
  }

  @Test
  void userYieldDrainsBlocksOfAContextThatDoesNotHandleYields() {
    // same program, context ignores yields: both blocks drain to 1000; latency 700; no bytes.
    BlockProgram program = program(seg(SegmentKind.COMPUTE, 300, 4),
        seg(SegmentKind.YIELD_POINT, 100, 4), seg(SegmentKind.COMPUTE, 600, 4));

    SimulationResult result = run(lowThenHigh(program, 2, false, 300));

    assertThat(result.preemptions()).containsExactly(new PreemptionRecord(1, "low", 300, 1000,
        1000, 2, 2, 0, 0, 0, Map.of("not-yielding", 2), 2, 1000));
    assertThat(record(result, 2).firstStartNs()).isEqualTo(1000);
    assertThat(record(result, 1).finishNs()).isEqualTo(1000);
    assertThat(record(result, 1).bytesSaved()).isZero();
  }
}
