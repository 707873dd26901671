package org.preemptlab.plugins.preemption.blockboundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.api.model.SegmentKind.BARRIER;
import static org.preemptlab.api.model.SegmentKind.COMPUTE;
import static org.preemptlab.api.model.SegmentKind.SHARED_MEMORY;
import static org.preemptlab.testkit.Blocks.program;
import static org.preemptlab.testkit.Blocks.segment;
import static org.preemptlab.testkit.Blocks.snapshot;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.preemption.BlockAction;
import org.preemptlab.api.preemption.PreemptionDecision;

class BlockBoundaryStrategyTest {
  private static final BlockProgram PROGRAM =
      program(segment(COMPUTE, 100), segment(SHARED_MEMORY, 50), segment(BARRIER, 10));

  @ParameterizedTest(name = "progress {0}")
  @ValueSource(longs = {0, 40, 100, 120, 155, 160})
  void everyBlockDrainsToItsEnd(long progress) {
    PreemptionDecision decision =
        new BlockBoundaryStrategy().decide(snapshot(PROGRAM, progress, true));

    assertThat(decision).isEqualTo(
        new PreemptionDecision(BlockAction.DRAIN, 160, 0, "block-boundary"));
  }
}
