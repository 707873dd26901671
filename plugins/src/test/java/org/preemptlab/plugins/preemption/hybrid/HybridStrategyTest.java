package org.preemptlab.plugins.preemption.hybrid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.api.model.SegmentKind.COMPUTE;
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
import org.preemptlab.api.preemption.BlockAction;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestPlugins;

class HybridStrategyTest {
  /** Yield points end at 110 and 320; SHARED_MEMORY spans [110, 310); the program ends at 400. */
  private static final BlockProgram PROGRAM = program(segment(COMPUTE, 100),
      segment(YIELD_POINT, 10), segment(SHARED_MEMORY, 200), segment(YIELD_POINT, 10),
      segment(COMPUTE, 80));

  private static PreemptionPointStrategy hybrid(String grace, String fallback) {
    return TestPlugins.create(new HybridStrategyProvider(), TestDevices.COSTED,
        Map.of("grace", grace, "fallback", fallback));
  }

  @ParameterizedTest(name = "grace {0}, progress {1} yields at {2}")
  @CsvSource({"50ns, 70, 110", "50ns, 60, 110", "0ns, 110, 110", "200ns, 150, 320"})
  void aYieldingBlockWhoseYieldPointComesWithinTheGracePeriodYields(String grace,
      long progress, long stop) {
    for (String fallback : new String[] {"instruction-level", "block-boundary"}) {
      assertThat(hybrid(grace, fallback).decide(snapshot(PROGRAM, progress, true)))
          .isEqualTo(PreemptionDecision.saveAt(stop, "user-yield"));
    }
  }

  @ParameterizedTest(name = "progress {0} escalates and stops at {1}")
  @CsvSource({
      "20, 70",    // the yield point is 90 ns away: escalate at 70, a safe stop
      "59, 109",   // 51 ns away
      "150, 310"}) // escalate at 200, inside SHARED_MEMORY: its end
  void afterTheGracePeriodTheInstructionLevelFallbackStopsAtTheNextSafeStop(long progress,
      long stop) {
    assertThat(hybrid("50ns", "instruction-level").decide(snapshot(PROGRAM, progress, true)))
        .isEqualTo(PreemptionDecision.saveAt(stop, "instruction"));
  }

  @Test
  void afterTheGracePeriodTheBlockBoundaryFallbackDrains() {
    var block = snapshot(PROGRAM, 20, true);

    assertThat(hybrid("50ns", "block-boundary").decide(block))
        .isEqualTo(PreemptionDecision.drain(block, "block-boundary"));
  }

  @Test
  void aContextThatDoesNotYieldGetsTheFallbackAtOnce() {
    var block = snapshot(PROGRAM, 20, false);

    assertThat(hybrid("50ns", "instruction-level").decide(block))
        .isEqualTo(PreemptionDecision.saveAt(20, "instruction"));
    assertThat(hybrid("50ns", "block-boundary").decide(block))
        .isEqualTo(PreemptionDecision.drain(block, "block-boundary"));
  }

  @Test
  void aBlockThatEndsWithinTheGracePeriodDrainsAsABlockEnd() {
    var block = snapshot(PROGRAM, 350, true);

    assertThat(hybrid("50ns", "instruction-level").decide(block))
        .isEqualTo(PreemptionDecision.drain(block, "block-end"));
    assertThat(hybrid("50ns", "block-boundary").decide(block))
        .isEqualTo(PreemptionDecision.drain(block, "block-end"));
  }

  @Test
  void theDefaultsAreAHundredMicrosecondGraceAndTheInstructionLevelFallback() {
    assertThat(new HybridStrategyProvider().parameters())
        .extracting(p -> p.name() + "=" + p.defaultValue())
        .containsExactly("grace=100us", "fallback=instruction-level");
    assertThat(TestPlugins.create(new HybridStrategyProvider(), TestDevices.COSTED, Map.of())
        .decide(snapshot(PROGRAM, 150, true)).action()).isEqualTo(BlockAction.SAVE);
  }

  @Test
  void theInstructionLevelFallbackIsRefusedOnADeviceWithoutIt() {
    assertThatThrownBy(() -> TestPlugins.create(new HybridStrategyProvider(), TestDevices.GTX_480, Map.of()))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("preemption 'hybrid' falls back to instruction-level preemption, which"
            + " device 'GTX 480' lacks; set preemption.fallback=block-boundary, or set"
            + " hardware.instruction-level-preemption=true");
    assertThat(TestPlugins.create(new HybridStrategyProvider(), TestDevices.GTX_480,
        Map.of("fallback", "block-boundary"))).isInstanceOf(HybridStrategy.class);
  }

  @Test
  void noneIsNotAFallbackOfHybrid() {
    assertThatThrownBy(() -> TestPlugins.create(new HybridStrategyProvider(), TestDevices.COSTED,
        Map.of("fallback", "none"))).isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("block-boundary, instruction-level");
  }
}
