package org.preemptlab.plugins.preemption.instructionlevel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.api.model.SegmentKind.ATOMIC;
import static org.preemptlab.api.model.SegmentKind.BARRIER;
import static org.preemptlab.api.model.SegmentKind.COMPUTE;
import static org.preemptlab.api.model.SegmentKind.GLOBAL_MEMORY;
import static org.preemptlab.api.model.SegmentKind.SHARED_MEMORY;
import static org.preemptlab.api.model.SegmentKind.YIELD_POINT;
import static org.preemptlab.testkit.Blocks.program;
import static org.preemptlab.testkit.Blocks.segment;
import static org.preemptlab.testkit.Blocks.snapshot;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestPlugins;

class InstructionLevelStrategyTest {
  /** Segments start at 0, 100, 300, 600, 650, 660, 690; the program ends at 730. */
  private static final BlockProgram PROGRAM = program(
      segment(COMPUTE, 100), segment(GLOBAL_MEMORY, 200), segment(SHARED_MEMORY, 300),
      segment(ATOMIC, 50), segment(BARRIER, 10), segment(YIELD_POINT, 30),
      segment(COMPUTE, 40));

  private final InstructionLevelStrategy strategy = new InstructionLevelStrategy();

  @ParameterizedTest(name = "progress {0} stops at {1}")
  @CsvSource({
      "0, 0", "40, 40", "100, 100", "150, 150", "299, 299", "675, 675", "700, 700"})
  void stopsAtTheProgressWhereStoppingInsideIsAllowed(long progress, long stop) {
    assertThat(strategy.decide(snapshot(PROGRAM, progress, false)))
        .isEqualTo(PreemptionDecision.saveAt(stop, "instruction"));
  }

  @ParameterizedTest(name = "progress {0} stops at {1}")
  @CsvSource({"301, 600", "350, 600", "599, 600", "620, 650", "655, 660"})
  void stopsAtTheSegmentEndInsideSharedMemoryAtomicOrBarrier(long progress, long stop) {
    assertThat(strategy.decide(snapshot(PROGRAM, progress, false)))
        .isEqualTo(PreemptionDecision.saveAt(stop, "instruction"));
  }

  @Test
  void stopsAtTheStartOfAnUnsafeSegmentSinceABoundaryIsSafe() {
    assertThat(strategy.decide(snapshot(PROGRAM, 300, false)))
        .isEqualTo(PreemptionDecision.saveAt(300, "instruction"));
  }

  @Test
  void drainsWhenTheCurrentUnsafeSegmentIsTheLast() {
    BlockProgram program = program(segment(COMPUTE, 100), segment(BARRIER, 50));
    var block = snapshot(program, 120, false);

    assertThat(strategy.decide(block)).isEqualTo(PreemptionDecision.drain(block, "block-end"));
  }

  @Test
  void drainsABlockThatHasReachedItsEnd() {
    var block = snapshot(PROGRAM, 730, false);

    assertThat(strategy.decide(block)).isEqualTo(PreemptionDecision.drain(block, "block-end"));
  }

  @Test
  void refusesADeviceWithoutInstructionLevelPreemption() {
    var provider = new InstructionLevelStrategyProvider();

    assertThatThrownBy(() -> TestPlugins.create(provider, TestDevices.GTX_480, Map.of()))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("preemption 'instruction-level' needs instruction-level preemption, which"
            + " device 'GTX 480' lacks; use block-boundary or user-yield, or set"
            + " hardware.instruction-level-preemption=true")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void acceptsADeviceWithInstructionLevelPreemption() {
    assertThat(TestPlugins.create(new InstructionLevelStrategyProvider(), TestDevices.PASCAL, Map.of()))
        .isInstanceOf(InstructionLevelStrategy.class);
  }

  @Test
  void acceptsAContextWithoutADevice() {
    assertThat(TestPlugins.create(new InstructionLevelStrategyProvider(), null, Map.of()))
        .isInstanceOf(InstructionLevelStrategy.class);
  }
}
