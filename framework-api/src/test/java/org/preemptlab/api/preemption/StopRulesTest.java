package org.preemptlab.api.preemption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.api.model.SegmentKind.ATOMIC;
import static org.preemptlab.api.model.SegmentKind.BARRIER;
import static org.preemptlab.api.model.SegmentKind.COMPUTE;
import static org.preemptlab.api.model.SegmentKind.YIELD_POINT;

import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.preemption.StopRules;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;

class StopRulesTest {
  private static final DeviceSpec DEVICE = new DeviceSpec("d", 1, new SmSpec(2048, 32, 65536,
      98304, 0), 1000, DeviceCosts.free(), true, false);

  /** COMPUTE [0, 100), zero-length YIELD_POINT at 100, ATOMIC [100, 150), BARRIER [150, 160). */
  private static final BlockProgram PROGRAM = program(segment(COMPUTE, 100),
      segment(YIELD_POINT, 0), segment(ATOMIC, 50), segment(BARRIER, 10));

  @Test
  void endOfAddsTheSegmentDurationToItsStart() {
    assertThat(StopRules.endOf(PROGRAM, 0)).isEqualTo(100);
    assertThat(StopRules.endOf(PROGRAM, 1)).isEqualTo(100);
    assertThat(StopRules.endOf(PROGRAM, 3)).isEqualTo(160);
  }

  @Test
  void nextSafeStopIsTheOffsetItselfWhenSafeAndTheSegmentEndOtherwise() {
    assertThat(StopRules.nextSafeStop(PROGRAM, 50)).isEqualTo(50);
    assertThat(StopRules.nextSafeStop(PROGRAM, 100)).isEqualTo(100);
    assertThat(StopRules.nextSafeStop(PROGRAM, 101)).isEqualTo(150);
    assertThat(StopRules.nextSafeStop(PROGRAM, 155)).isEqualTo(160);
    assertThat(StopRules.nextSafeStop(PROGRAM, 160)).isEqualTo(160);
  }

  @Test
  void nextSegmentOfKindFindsTheFirstThatEndsAtOrAfterTheOffset() {
    assertThat(StopRules.nextSegmentOfKind(PROGRAM, 0, YIELD_POINT)).hasValue(1);
    assertThat(StopRules.nextSegmentOfKind(PROGRAM, 100, YIELD_POINT)).hasValue(1);
    assertThat(StopRules.nextSegmentOfKind(PROGRAM, 101, YIELD_POINT)).isEmpty();
    assertThat(StopRules.nextSegmentOfKind(PROGRAM, 151, ATOMIC))
        .isEqualTo(OptionalInt.empty());
    assertThat(StopRules.nextSegmentOfKind(PROGRAM, 151, BARRIER)).hasValue(3);
  }

  @Test
  void offsetsOutsideTheProgramAreRejected() {
    assertThatThrownBy(() -> StopRules.nextSafeStop(PROGRAM, 161))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("161");
    assertThatThrownBy(() -> StopRules.nextSegmentOfKind(PROGRAM, -1, COMPUTE))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theDeliveryBoundOfAnExactBlockIsItsProgressPlusTheDelivery() {
    BlockSnapshot block = snapshot(new BlockTiming.Exact(), 40);

    assertThat(StopRules.noticeOffset(block, 0)).isEqualTo(40);
    assertThat(StopRules.noticeOffset(block, 25)).isEqualTo(65);
    assertThat(StopRules.noticeOffset(block, 1_000)).isEqualTo(160);
  }

  @Test
  void theDeliveryBoundOfAJitteredBlockAllowsForItsShortestDurationAndRounding() {
    // 160 ns nominal, at most 50 % shorter: 80 ns real, so 10 ns of delivery cover up to 20 ns of
    // program, plus 1 ns for rounding between real and nominal time
    BlockSnapshot block = snapshot(new BlockTiming.UniformJitter(0.5, 1), 40);

    assertThat(StopRules.noticeOffset(block, 10)).isEqualTo(61);
    assertThat(StopRules.noticeOffset(block, 0)).isEqualTo(40);
    assertThatThrownBy(() -> StopRules.noticeOffset(block, -1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aStopAtTheEndDrainsAndAnyOtherSaves() {
    BlockSnapshot block = snapshot(new BlockTiming.Exact(), 40);

    assertThat(StopRules.saveAtOrFinish(block, 160, "x"))
        .isEqualTo(PreemptionDecision.drain(block, StopRules.BLOCK_END));
    assertThat(StopRules.saveAtOrFinish(block, 100, "x"))
        .isEqualTo(PreemptionDecision.saveAt(100, "x"));
    assertThatThrownBy(() -> StopRules.saveAtOrFinish(block, 39, "x"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("progress 40");
  }

  private static BlockSnapshot snapshot(BlockTiming timing, long progressNs) {
    Kernel kernel = new Kernel("k", 1, 32, 8, 0, false, PROGRAM, timing);
    return new BlockSnapshot(kernel, PROGRAM, progressNs, false, DEVICE);
  }

  private static Segment segment(SegmentKind kind, long ns) {
    return new Segment(kind, ns, ns, 0, 0);
  }

  private static BlockProgram program(Segment... segments) {
    return new BlockProgram(List.of(segments));
  }
}
