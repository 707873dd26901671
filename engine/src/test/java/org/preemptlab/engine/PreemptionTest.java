package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.program;
import static org.preemptlab.engine.Sim.record;
import static org.preemptlab.engine.Sim.seg;
import static org.preemptlab.engine.Sim.workload;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.testkit.doubles.FullSaveDouble;
import org.preemptlab.testkit.doubles.PriorityDouble;

/**
 * A HIGH job arrives at t=300 while a LOW job fills the device; the {@code priority} policy
 * preempts the LOW job. Common set-up for every test:
 *
 * <ul>
 *   <li>2 SMs of 1024 threads; preemption signal 50 ns; save 64 B/ns device-wide (32 B/ns per SM)
 *       + 100 ns fixed; restore 128 B/ns (64 B/ns per SM) + 20 ns fixed.
 *   <li>LOW kernel: blocks of 1024 threads (one per SM), 4 registers per thread, no shared memory:
 *       a whole allocation of 1024 x 4 x 4 B = 16384 B per block; 1000 ns per block.
 *   <li>HIGH kernel: 1 block of 1024 threads, 200 ns.
 *   <li>Full save of a block: 100 + 16384 / 32 = 612 ns; full restore: 20 + 16384 / 64 = 276 ns.
 * </ul>
 */
class PreemptionTest {
  private static final DeviceSpec DEVICE = device(2, Sim.bigSm(),
      costs().signal(50).save(64, 100).restore(128, 20));

  private static Workload lowThenHigh(BlockProgram lowProgram, int lowBlocks, boolean yields,
      long highAt, boolean idempotent) {
    Kernel low = kernel("train", lowBlocks, 1024, 4, 0, idempotent, lowProgram);
    return workload().context("ctx", yields)
        .queue("low", Priority.LOW).queue("high", Priority.HIGH)
        .job(1, "low", 0, low)
        .job(2, "high", highAt, kernel("infer", 1, 1024, 0, 0, 200))
        .build();
  }

  private static BlockProgram uniform1000() {
    return program(seg(SegmentKind.COMPUTE, 1000, 4));
  }

  @Test
  void blockBoundaryPreemptionWaitsForTheVictimsBlocksToEnd() {
    // LOW: 3 blocks; blocks 0 and 1 run [0, 1000] on SM0 and SM1, block 2 waits.
    // t=300 HIGH blocked -> preempt LOW; both resident blocks drain to 1000.
    // latency = 1000 - 300 = 700 (the remaining block time; nothing saved).
    // at 1000: HIGH first -> SM0 [1000, 1200]; LOW block 2 -> SM1 [1000, 2000].
    SimulationResult result = Sim.run(lowThenHigh(uniform1000(), 3, true, 300, false), DEVICE,
        "priority", "block-boundary", "full");

    assertThat(result.preemptions()).containsExactly(new PreemptionRecord(1, "low", 300, 1000,
        1000, 2, 2, 0, 0, 0, Map.of("block-boundary", 2), 2, 1000));
    assertThat(result.preemptions().get(0).latencyNs()).isEqualTo(700);
    assertThat(record(result, 2).firstStartNs()).isEqualTo(1000);
    assertThat(record(result, 2).finishNs()).isEqualTo(1200);
    JobRecord low = record(result, 1);
    assertThat(low.finishNs()).isEqualTo(2000);
    assertThat(low.preemptions()).isEqualTo(1);
    assertThat(low.bytesSaved()).isZero();
    assertThat(low.bytesRestored()).isZero();
    assertThat(result.blocksExecuted()).isEqualTo(4);
  }

  @Test
  void aBlockThatEndsBeforeTheSignalArrivesCountsAsDrained() {
    // LOW blocks last 320 ns; HIGH at 300; the signal reaches the SMs at 350 > 320.
    // Both blocks end at 320: resources free at 320, latency 20; HIGH [320, 520].
    SimulationResult result = Sim.run(
        lowThenHigh(program(seg(SegmentKind.COMPUTE, 320, 4)), 2, true, 300, false), DEVICE,
        "priority", "instruction-level", "full");

    assertThat(result.preemptions()).containsExactly(new PreemptionRecord(1, "low", 300, 320, 320,
        2, 2, 0, 0, 0, Map.of("ended-before-signal", 2), 2, 320));
    assertThat(record(result, 2).firstStartNs()).isEqualTo(320);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      // save: full -> 16384 B/block, 612 ns save, 276 ns restore;
      //       liveness -> 1 live register: 1024 x 1 x 4 = 4096 B, save 100 + 128 = 228,
      //       restore 20 + 64 = 84.
      // request 300, signal 50 -> both blocks stop at 350 (a compute point) and save in parallel
      // on their SMs: free at 350 + save. HIGH takes SM0 [free, free + 200]. One LOW block resumes
      // on SM1 at `free` (restore, then the remaining 650 ns); the other on SM0 when HIGH ends.
      //   full:     free 962,  SM1: 962 + 276 + 650 = 1888;  SM0: 1162 + 276 + 650 = 2088
      //   liveness: free 578,  SM1: 578 + 84 + 650 = 1312;   SM0: 778 + 84 + 650 = 1512
      "full,     16384, 962, 2088",
      "liveness,  4096, 578, 1512"})
  void instructionLevelPreemptionLatencyIsSignalPlusSaveTime(String save, long bytesPerBlock,
      long free, long lowFinish) {
    // segment 0 [0, 400) keeps 1 register per thread live; segment 1 keeps all 4 live.
    BlockProgram program = program(seg(SegmentKind.COMPUTE, 400, 1),
        seg(SegmentKind.COMPUTE, 600, 4));

    SimulationResult result = Sim.run(lowThenHigh(program, 2, true, 300, false), DEVICE,
        "priority", "instruction-level", save);

    assertThat(result.preemptions()).containsExactly(new PreemptionRecord(1, "low", 300, 350,
        free, 2, 0, 2, 0, 2 * bytesPerBlock, Map.of("instruction", 2), 2, free));
    assertThat(result.preemptions().get(0).latencyNs()).isEqualTo(free - 300);
    JobRecord high = record(result, 2);
    assertThat(high.firstStartNs()).isEqualTo(free);
    assertThat(high.finishNs()).isEqualTo(free + 200);
    JobRecord low = record(result, 1);
    assertThat(low.finishNs()).isEqualTo(lowFinish);
    assertThat(low.preemptions()).isEqualTo(1);
    assertThat(low.bytesSaved()).isEqualTo(2 * bytesPerBlock);
    assertThat(low.bytesRestored()).isEqualTo(2 * bytesPerBlock);
    assertThat(low.lostWorkNs()).isZero();
    // 2 LOW blocks + 1 HIGH block + 2 resumed LOW blocks
    assertThat(result.blocksExecuted()).isEqualTo(5);
  }

  @Test
  void livenessSavesFewerBytesThanFullWhenFewRegistersAreLive() {
    BlockProgram program = program(seg(SegmentKind.COMPUTE, 400, 1),
        seg(SegmentKind.COMPUTE, 600, 4));
    long full = Sim.run(lowThenHigh(program, 2, true, 300, false), DEVICE, "priority",
        "instruction-level", "full").preemptions().get(0).bytesSaved();
    long live = Sim.run(lowThenHigh(program, 2, true, 300, false), DEVICE, "priority",
        "instruction-level", "liveness").preemptions().get(0).bytesSaved();

    // full: 2 x 16384; liveness: 2 x 4096
    assertThat(full).isEqualTo(32768);
    assertThat(live).isEqualTo(8192);
  }

  @Test
  void savedWorkIsConservedTheResumedBlockRunsOnlyWhatWasLeft() {
    // 1-block LOW job on a 1-SM device with (almost) free save/restore: 1e9 B/ns, so any non-empty
    // save or restore takes ceil(16384 / 1e9) = 1 ns. HIGH at 300 (signal 0).
    // LOW stops at 300, saved at 301; HIGH [301, 501]; LOW restored 501 -> 502, then runs the
    // 700 ns left -> 1202. LOW executed 300 + 700 = 1000 = its block's duration: nothing lost,
    // nothing run twice.
    DeviceSpec device = device(1, Sim.bigSm(), costs());
    Workload w = workload().queue("low", Priority.LOW).queue("high", Priority.HIGH)
        .job(1, "low", 0, kernel("train", 1, 1024, 4, 0, 1000))
        .job(2, "high", 300, kernel("infer", 1, 1024, 0, 0, 200))
        .build();

    SimulationResult result = Sim.run(w, device, "priority", "instruction-level", "full");

    assertThat(record(result, 2).finishNs()).isEqualTo(501);
    assertThat(record(result, 1).finishNs()).isEqualTo(1202);
    assertThat(record(result, 1).lostWorkNs()).isZero();
    // SM busy: [0, 1202] all the time -> 1.0
    assertThat(result.smBusyFraction()).isEqualTo(1.0);
  }

  @Test
  void instructionLevelPreemptionStopsAtTheEndOfASharedMemorySegment() {
    // program: compute [0, 200), shared-memory [200, 600), compute [600, 1000).
    // signal reaches the blocks at 350, inside the shared-memory segment -> stop at 600.
    // save 612 -> free at 1212; latency 912. HIGH SM0 [1212, 1412].
    // LOW on SM1: 1212 + 276 + 400 = 1888; on SM0: 1412 + 276 + 400 = 2088.
    BlockProgram program = program(seg(SegmentKind.COMPUTE, 200, 4),
        seg(SegmentKind.SHARED_MEMORY, 400, 4), seg(SegmentKind.COMPUTE, 400, 4));

    SimulationResult result = Sim.run(lowThenHigh(program, 2, true, 300, false), DEVICE,
        "priority", "instruction-level", "full");

    assertThat(result.preemptions()).containsExactly(new PreemptionRecord(1, "low", 300, 600,
        1212, 2, 0, 2, 0, 32768, Map.of("instruction", 2), 2, 1212));
    assertThat(record(result, 2).firstStartNs()).isEqualTo(1212);
    assertThat(record(result, 1).finishNs()).isEqualTo(2088);
  }

  @Test
  void flushDiscardsProgressAccountsLostWorkAndRerunsTheBlockFromTheStart() {
    // test-local FLUSH strategy, idempotent LOW kernel, 2 blocks of 1000 ns.
    // signal at 350: both blocks are flushed at once -> lost work 2 x 350 = 700; free at 350
    // (latency 50). HIGH SM0 [350, 550]. LOW re-runs from scratch: SM1 [350, 1350],
    // SM0 [550, 1550] -> finish 1550. Nothing saved or restored.
    RunPlugins plugins = new RunPlugins("priority", kind -> new PriorityDouble(true), "flush-all",
        block -> PreemptionDecision.flush(block, "flush"), "full", new FullSaveDouble());

    SimulationResult result = Sim.run(lowThenHigh(uniform1000(), 2, true, 300, true), DEVICE,
        plugins, EngineOptions.defaults());

    assertThat(result.preemptions()).containsExactly(new PreemptionRecord(1, "low", 300, 350, 350,
        2, 0, 0, 2, 0, Map.of("flush", 2), 2, 350));
    assertThat(result.preemptions().get(0).latencyNs()).isEqualTo(50);
    JobRecord low = record(result, 1);
    assertThat(low.lostWorkNs()).isEqualTo(700);
    assertThat(low.finishNs()).isEqualTo(1550);
    assertThat(low.bytesSaved()).isZero();
    assertThat(low.bytesRestored()).isZero();
    assertThat(record(result, 2).finishNs()).isEqualTo(550);
    assertThat(result.blocksExecuted()).isEqualTo(5);
  }

  @Test
  void aDeliveryDelayPostponesTheStop() {
    // test-local strategy: the block notices the request 30 ns after the signal (a poll) and
    // stops right there: offset progress + 30 = 380, delivery 30 -> stops at 350 + 30 = 380.
    // Save/restore 1 ns each (1e9 B/ns, rounded up): free 381, HIGH [381, 581];
    // LOW restored 581 -> 582 and runs the 620 ns left -> 1202.
    DeviceSpec device = device(1, Sim.bigSm(), costs().signal(50));
    Workload w = workload().queue("low", Priority.LOW).queue("high", Priority.HIGH)
        .job(1, "low", 0, kernel("train", 1, 1024, 4, 0, 1000))
        .job(2, "high", 300, kernel("infer", 1, 1024, 0, 0, 200))
        .build();
    RunPlugins plugins = new RunPlugins("priority", kind -> new PriorityDouble(true), "poll",
        block -> PreemptionDecision.saveAt(block.progressNs() + 30, "poll").withDelivery(30), "full",
        new FullSaveDouble());

    SimulationResult result = Sim.run(w, device, plugins, EngineOptions.defaults());

    assertThat(result.preemptions().get(0).pointReachedNs()).isEqualTo(380);
    assertThat(result.preemptions().get(0).resourcesFreeNs()).isEqualTo(381);
    assertThat(record(result, 2).firstStartNs()).isEqualTo(381);
    assertThat(record(result, 1).finishNs()).isEqualTo(1202);
  }

  @Test
  void aStopThatTheBlockPassesBeforeTheRequestIsDeliveredIsAViolation() {
    // The strategy stops at the progress at the signal (350) but only notices the request 30 ns
    // later: the block has run past offset 350 by then, so the work between would vanish.
    DeviceSpec device = device(1, Sim.bigSm(), costs().signal(50));
    Workload w = workload().queue("low", Priority.LOW).queue("high", Priority.HIGH)
        .job(1, "low", 0, kernel("train", 1, 1024, 4, 0, 1000))
        .job(2, "high", 300, kernel("infer", 1, 1024, 0, 0, 200))
        .build();
    RunPlugins plugins = new RunPlugins("priority", kind -> new PriorityDouble(true), "late-poll",
        block -> PreemptionDecision.saveAt(block.progressNs(), "poll").withDelivery(30), "full",
        new FullSaveDouble());

    assertThatThrownBy(() -> Sim.run(w, device, plugins, EngineOptions.defaults()))
        .isInstanceOf(InvariantViolationException.class)
        .hasMessageContaining("preemption strategy 'late-poll'")
        .hasMessageContaining("passes that offset before the request is delivered");
  }

  @Test
  void theWaitingJobGetsItsResourcesWhenTheFirstVictimBlockLeavesNotTheLast() {
    // Two LOW blocks of different lengths (BlockTiming.SplitMix: base 1000 + mix(seed ^ b) % 1000)
    // run on SM0 and SM1 from 0; HIGH needs one SM and arrives at 300. Under block-boundary the
    // blocks drain: HIGH is placed when the shorter one ends, while the preemption's latency runs
    // until the longer one ends.
    BlockTiming timing = new BlockTiming.SplitMix(12345);
    long first = timing.durationNs(0, 1000);
    long second = timing.durationNs(1, 1000);
    Kernel low = new Kernel("train", 2, 1024, 4, 0, false,
        program(seg(SegmentKind.COMPUTE, 1000, 4)), timing);
    Workload w = workload().context("ctx", true)
        .queue("low", Priority.LOW).queue("high", Priority.HIGH)
        .job(1, "low", 0, low)
        .job(2, "high", 300, kernel("infer", 1, 1024, 0, 0, 200))
        .build();

    SimulationResult result = Sim.run(w, DEVICE, "priority", "block-boundary", "full");

    PreemptionRecord preemption = result.preemptions().get(0);
    assertThat(first).isNotEqualTo(second);
    assertThat(preemption.waiterJobId()).isEqualTo(2);
    assertThat(preemption.waiterLatencyNs()).isEqualTo(Math.min(first, second) - 300);
    assertThat(preemption.latencyNs()).isEqualTo(Math.max(first, second) - 300);
    assertThat(record(result, 2).firstStartNs()).isEqualTo(Math.min(first, second));
  }

  @ParameterizedTest(name = "aggregation {0}")
  @CsvSource({"true", "false"})
  void aJobDroppedWhileItsBlocksWriteTheirContextsIsNotEvictedAgainWhenTheSavesEnd(
      boolean aggregate) {
    // As instructionLevelPreemptionLatencyIsSignalPlusSaveTime (full save): both LOW blocks stop
    // at 350 and their saves end at 962. LOW is dropped at 500 (a reset, the engine's own abort),
    // so its blocks leave their SMs then and HIGH runs [500, 700] in one of their pooled block
    // objects. The saves' events at 962 are stale: they must not evict HIGH's block, nor LOW's
    // blocks a second time.
    BlockProgram program = program(seg(SegmentKind.COMPUTE, 400, 1),
        seg(SegmentKind.COMPUTE, 600, 4));
    Simulator simulator = new Simulator(lowThenHigh(program, 2, true, 300, false),
        Sim.hw(DEVICE), EngineFixtures.plugins(DEVICE, "priority", "instruction-level", "full"),
        EngineOptions.defaults().withAggregateBlocks(aggregate));
    simulator.schedule(500, (sim, gen) -> sim.launcher().abort(sim.launcher().job(0)));

    SimulationResult result = simulator.run();

    assertThat(record(result, 1).finishNs()).isEqualTo(500);
    assertThat(record(result, 2).firstStartNs()).isEqualTo(500);
    assertThat(record(result, 2).finishNs()).isEqualTo(700);
    assertThat(result.blocksExecuted()).isEqualTo(3);
  }
}
