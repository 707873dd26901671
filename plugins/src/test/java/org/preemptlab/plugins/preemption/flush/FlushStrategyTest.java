package org.preemptlab.plugins.preemption.flush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.api.model.SegmentKind.COMPUTE;
import static org.preemptlab.api.model.SegmentKind.SHARED_MEMORY;
import static org.preemptlab.testkit.Blocks.program;
import static org.preemptlab.testkit.Blocks.segment;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.testkit.Blocks;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestPlugins;

class FlushStrategyTest {
  /** COMPUTE [0, 100), SHARED_MEMORY [100, 200), COMPUTE [200, 300). */
  private static final BlockProgram PROGRAM = program(segment(COMPUTE, 100),
      segment(SHARED_MEMORY, 100), segment(COMPUTE, 100));
  private static final Kernel GEMM = new Kernel("gemm", 4, 256, 64, 0, false, PROGRAM,
      new BlockTiming.Exact());

  private static PreemptionPointStrategy flush(String fallback) {
    return TestPlugins.create(new FlushStrategyProvider(), TestDevices.COSTED, Map.of("fallback", fallback));
  }

  private static BlockSnapshot block(Kernel kernel, long progress) {
    return Blocks.snapshot(kernel, progress, false, TestDevices.COSTED);
  }

  @Test
  void anIdempotentBlockIsFlushedAtItsProgressWhateverTheFallback() {
    var block = block(Blocks.idempotentKernel(PROGRAM), 150);
    for (String fallback : new String[] {"none", "block-boundary", "instruction-level"}) {
      assertThat(flush(fallback).decide(block)).isEqualTo(PreemptionDecision.flush(block, "flush"))
          .extracting(PreemptionDecision::stopOffsetNs).isEqualTo(150L);
    }
  }

  @Test
  void aNonIdempotentKernelFailsTheRunWithoutAFallbackNamingTheKernelAndTheFix() {
    assertThatThrownBy(() -> flush("none").decide(block(GEMM, 150)))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("preemption 'flush' cannot preempt kernel 'gemm': it is not idempotent, so"
            + " its blocks cannot be discarded and re-run; mark the kernel idempotent if"
            + " re-running its blocks is safe, or set preemption.fallback=block-boundary (or"
            + " instruction-level)");
    assertThat(new FlushStrategyProvider().parameters()).extracting(p -> p.name() + "=" + p.defaultValue())
        .containsExactly("fallback=none");
  }

  @Test
  void aNonIdempotentKernelDrainsWithTheBlockBoundaryFallback() {
    var block = block(GEMM, 150);

    assertThat(flush("block-boundary").decide(block))
        .isEqualTo(PreemptionDecision.drain(block, "block-boundary"));
  }

  @Test
  void aNonIdempotentKernelStopsAtTheNextSafeStopWithTheInstructionLevelFallback() {
    assertThat(flush("instruction-level").decide(block(GEMM, 150)))
        .isEqualTo(PreemptionDecision.saveAt(200, "instruction"));
    assertThat(flush("instruction-level").decide(block(GEMM, 50)))
        .isEqualTo(PreemptionDecision.saveAt(50, "instruction"));
  }

  @Test
  void theInstructionLevelFallbackIsRefusedOnADeviceWithoutIt() {
    assertThatThrownBy(() -> TestPlugins.create(new FlushStrategyProvider(), TestDevices.GTX_480,
        Map.of("fallback", "instruction-level")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("preemption 'flush' falls back to instruction-level preemption");
  }
}
