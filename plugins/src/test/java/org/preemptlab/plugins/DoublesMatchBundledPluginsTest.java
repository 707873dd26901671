package org.preemptlab.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.preemption.BlockAction;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.StopPoint;
import org.preemptlab.plugins.preemption.blockboundary.BlockBoundaryStrategy;
import org.preemptlab.plugins.preemption.instructionlevel.InstructionLevelStrategy;
import org.preemptlab.plugins.save.FullContextSave;
import org.preemptlab.plugins.save.LivenessContextSave;
import org.preemptlab.testkit.Blocks;
import org.preemptlab.testkit.RandomBlocks;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.doubles.BlockBoundaryDouble;
import org.preemptlab.testkit.doubles.FullSaveDouble;
import org.preemptlab.testkit.doubles.InstructionLevelDouble;
import org.preemptlab.testkit.doubles.LivenessSaveDouble;

/**
 * The test kit's doubles of the {@code block-boundary} and {@code instruction-level} strategies and
 * the {@code full} and {@code liveness} saves, which the engine's tests and the kit's defaults use,
 * decide exactly as the bundled plugins with their default parameters: the same decision (stop,
 * kind, level, delivery) for every one of a few thousand seeded random blocks at random progress,
 * the same instrumented program, and the same bytes saved and restored at every random stop.
 */
class DoublesMatchBundledPluginsTest {
  private static final int BLOCKS = 3_000;

  @Test
  void theBlockBoundaryDoubleDecidesAsTheBundledStrategy() {
    assertThat(savesWhileDecidingAlike(new BlockBoundaryDouble(), new BlockBoundaryStrategy()))
        .isZero();
  }

  @Test
  void theInstructionLevelDoubleDecidesAsTheBundledStrategyWithHardwareChecks() {
    assertThat(savesWhileDecidingAlike(new InstructionLevelDouble(),
        new InstructionLevelStrategy())).as("blocks that save rather than drain")
        .isGreaterThan(BLOCKS / 10);
  }

  @Test
  void theSaveDoublesSaveAndRestoreAsTheBundledSaves() {
    assertSameBytes(new FullSaveDouble(), new FullContextSave());
    assertSameBytes(new LivenessSaveDouble(), new LivenessContextSave());
  }

  /** Asserts equal decisions on every random block; how many of them save. */
  private static int savesWhileDecidingAlike(PreemptionPointStrategy stand,
      PreemptionPointStrategy bundled) {
    int saves = 0;
    for (BlockSnapshot block : RandomBlocks.snapshots(51, BLOCKS)) {
      assertThat(stand.decide(block)).as("%s", block).isEqualTo(bundled.decide(block));
      assertThat(stand.instrument(block.kernel(), block.program(), TestDevices.COSTED))
          .isEqualTo(bundled.instrument(block.kernel(), block.program(), TestDevices.COSTED));
      saves += bundled.decide(block).action() == BlockAction.SAVE ? 1 : 0;
    }
    return saves;
  }

  private static void assertSameBytes(ContextSaveStrategy stand, ContextSaveStrategy bundled) {
    SplittableRandom random = new SplittableRandom(51);
    for (int i = 0; i < BLOCKS; i++) {
      Kernel kernel = RandomBlocks.kernel(random);
      BlockProgram program = kernel.program();
      StopPoint stop = Blocks.stop(kernel, RandomBlocks.progress(random, program));
      assertThat(stand.bytesToSave(stop)).as("%s", stop).isEqualTo(bundled.bytesToSave(stop));
      assertThat(stand.bytesToRestore(stop)).as("%s", stop)
          .isEqualTo(bundled.bytesToRestore(stop));
    }
  }
}
