package org.preemptlab.plugins.preemption.collaborative;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.api.model.SegmentKind.BARRIER;
import static org.preemptlab.api.model.SegmentKind.COMPUTE;
import static org.preemptlab.api.model.SegmentKind.SHARED_MEMORY;
import static org.preemptlab.plugins.preemption.collaborative.SmEstimate.Technique.DRAIN;
import static org.preemptlab.plugins.preemption.collaborative.SmEstimate.Technique.FLUSH;
import static org.preemptlab.plugins.preemption.collaborative.SmEstimate.Technique.SAVE;
import static org.preemptlab.testkit.Blocks.program;
import static org.preemptlab.testkit.Blocks.segment;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.testkit.Blocks;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestPlugins;

/**
 * Chimera-style per-SM choice on {@link org.preemptlab.testkit.TestDevices#COSTED}: signal 1 µs; one SM saves at 2 B/ns plus
 * 500 ns and restores at 4 B/ns plus 300 ns. Blocks of 64 threads × 32 registers + 2 KiB shared
 * memory = 10,240 B each; two blocks: 20,480 B, 128 threads, save 500 + 10,240 = 10,740 ns,
 * restore 300 + 5,120 = 5,420 ns, save cost 16,160 ns.
 */
class CollaborativeStrategyTest {
  /** COMPUTE [0, 10000), SHARED_MEMORY [10000, 12000), COMPUTE [12000, 20000). */
  private static final BlockProgram PROGRAM = program(segment(COMPUTE, 10_000),
      segment(SHARED_MEMORY, 2_000), segment(COMPUTE, 8_000));

  private static Kernel kernel(boolean idempotent) {
    return new Kernel("k", 30, 64, 32, 2048, idempotent, PROGRAM, new BlockTiming.Exact());
  }

  private static List<BlockSnapshot> sm(boolean idempotent, DeviceSpec device,
      long... progress) {
    return java.util.Arrays.stream(progress)
        .mapToObj(p -> Blocks.snapshot(kernel(idempotent), p, false, device)).toList();
  }

  private static CollaborativeStrategy collaborative(String target) {
    return (CollaborativeStrategy) TestPlugins.create(new CollaborativeStrategyProvider(), TestDevices.COSTED,
        Map.of("latency-target", target));
  }

  @Test
  void estimatesEachTechniqueFromTheBlocksAndTheHardwareModel() {
    // drain 1000 + (20000 - 5000); save 1000 + (12000 - 11000) + 10740; flush 1000, lost 16000
    assertThat(collaborative("15us").estimates(sm(true, TestDevices.COSTED, 5000, 11000)))
        .containsExactly(new SmEstimate(DRAIN, 16_000, 0), new SmEstimate(SAVE, 12_740, 16_160),
            new SmEstimate(FLUSH, 1_000, 16_000));
  }

  @Test
  void flushWinsWhenItMeetsTheTargetAndLosesLessThanSaveAndRestoreCost() {
    List<BlockSnapshot> blocks = sm(true, TestDevices.COSTED, 5000, 11000);

    assertThat(collaborative("15us").decideSm(blocks)).containsExactly(
        PreemptionDecision.flush(blocks.get(0), "flush"),
        PreemptionDecision.flush(blocks.get(1), "flush"));
  }

  @Test
  void saveWinsWhenFlushingWouldLoseMoreThanSaveAndRestoreCost() {
    // drain 1000 + 14500 = 15500 misses 15 us; flush loses 16500 > 16160
    assertThat(collaborative("15us").decideSm(sm(true, TestDevices.COSTED, 5500, 11000)))
        .containsExactly(PreemptionDecision.saveAt(5500, "save"),
            PreemptionDecision.saveAt(12000, "save"));
  }

  @Test
  void drainWinsWheneverItMeetsTheTargetSinceItCostsNothing() {
    List<BlockSnapshot> blocks = sm(true, TestDevices.COSTED, 5500, 11000);

    assertThat(collaborative("16us").decideSm(blocks)).containsExactly(
        PreemptionDecision.drain(blocks.get(0), "drain"),
        PreemptionDecision.drain(blocks.get(1), "drain"));
  }

  @Test
  void theFastestWinsWhenNoTechniqueMeetsTheTarget() {
    // not idempotent, target 0: save 12740 beats drain 16000
    assertThat(collaborative("0ns").decideSm(sm(false, TestDevices.COSTED, 5000, 11000)))
        .containsExactly(PreemptionDecision.saveAt(5000, "save"),
            PreemptionDecision.saveAt(12000, "save"));
  }

  @Test
  void nonIdempotentKernelsAreNeverFlushed() {
    assertThat(collaborative("15us").estimates(sm(false, TestDevices.COSTED, 5000, 11000)))
        .extracting(SmEstimate::technique).containsExactly(DRAIN, SAVE);
  }

  @Test
  void withoutInstructionLevelPreemptionOnlyDrainAndFlushAreConsidered() {
    var strategy = collaborative("15us");
    List<BlockSnapshot> blocks = sm(false, TestDevices.COSTED_NO_IL, 5000, 11000);

    assertThat(strategy.estimates(blocks)).containsExactly(new SmEstimate(DRAIN, 16_000, 0));
    assertThat(strategy.decideSm(blocks)).extracting(PreemptionDecision::level)
        .containsExactly("drain", "drain");
  }

  @Test
  void underSaveABlockWhoseNextSafeStopIsItsEndDrainsAndSavesNothing() {
    // the second block is in the closing barrier: it ends at 20010 and adds no bytes
    BlockProgram program = program(segment(COMPUTE, 20_000), segment(BARRIER, 10));
    Kernel kernel = new Kernel("k", 30, 64, 32, 2048, false, program, new BlockTiming.Exact());
    List<BlockSnapshot> blocks = List.of(
        Blocks.snapshot(kernel, 1000, false, TestDevices.COSTED),
        Blocks.snapshot(kernel, 20_005, false, TestDevices.COSTED));
    var strategy = collaborative("15us");

    // save: 1000 + max(0, 5) + 500 + 5120; cost 5620 + 300 + 2560
    assertThat(strategy.estimates(blocks)).contains(new SmEstimate(SAVE, 6_625, 8_480));
    assertThat(strategy.decideSm(blocks)).containsExactly(PreemptionDecision.saveAt(1000, "save"),
        PreemptionDecision.drain(blocks.get(1), "block-end"));
  }

  @Test
  void saveAndRestoreTimesComeFromTheRunsHardwareModel() {
    HardwareModel slowSaves = new HardwareModel() {
      @Override
      public DeviceSpec device() {
        return TestDevices.COSTED;
      }

      @Override
      public long saveNs(long bytes, int threads) {
        return 100_000;
      }

      @Override
      public long restoreNs(long bytes, int threads) {
        return 7;
      }
    };
    var provider = new CollaborativeStrategyProvider();
    TestPlugins.context(provider, TestDevices.COSTED, Map.of());
    var strategy = (CollaborativeStrategy) provider.create(new PluginContext(
        TestPlugins.context(provider, TestDevices.COSTED, Map.of()).parameters(), TestDevices.COSTED,
        new java.util.SplittableRandom(1), slowSaves));

    assertThat(strategy.estimates(sm(false, TestDevices.COSTED, 5000, 11000)))
        .contains(new SmEstimate(SAVE, 102_000, 100_007));
  }

  @Test
  void theDefaultTargetIsChimeras15Microseconds() {
    assertThat(new CollaborativeStrategyProvider().parameters())
        .extracting(p -> p.name() + "=" + p.defaultValue())
        .containsExactly("latency-target=15us");
  }

  @Test
  void decideAloneTreatsTheBlockAsTheOnlyOneOnItsSm() {
    BlockSnapshot block = Blocks.snapshot(kernel(false), 5000, false, TestDevices.COSTED);

    // one block: save 1000 + 0 + 500 + 5120 = 6620 <= 15 us; drain 16000 misses
    assertThat(collaborative("15us").decide(block))
        .isEqualTo(PreemptionDecision.saveAt(5000, "save"));
  }
}
