package org.preemptlab.plugins.preemption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.api.model.SegmentKind.ATOMIC;
import static org.preemptlab.api.model.SegmentKind.BARRIER;
import static org.preemptlab.api.model.SegmentKind.COMPUTE;
import static org.preemptlab.api.model.SegmentKind.YIELD_POINT;
import static org.preemptlab.plugins.testing.Fixtures.program;
import static org.preemptlab.plugins.testing.Fixtures.segment;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.BlockProgram;

class ProgramPointsTest {
  /** COMPUTE [0, 100), zero-length YIELD_POINT at 100, ATOMIC [100, 150), BARRIER [150, 160). */
  private static final BlockProgram PROGRAM = program(segment(COMPUTE, 100),
      segment(YIELD_POINT, 0), segment(ATOMIC, 50), segment(BARRIER, 10));

  @Test
  void endOfAddsTheSegmentDurationToItsStart() {
    assertThat(ProgramPoints.endOf(PROGRAM, 0)).isEqualTo(100);
    assertThat(ProgramPoints.endOf(PROGRAM, 1)).isEqualTo(100);
    assertThat(ProgramPoints.endOf(PROGRAM, 3)).isEqualTo(160);
  }

  @Test
  void nextSafeStopIsTheOffsetItselfWhenSafeAndTheSegmentEndOtherwise() {
    assertThat(ProgramPoints.nextSafeStop(PROGRAM, 50)).isEqualTo(50);
    assertThat(ProgramPoints.nextSafeStop(PROGRAM, 100)).isEqualTo(100);
    assertThat(ProgramPoints.nextSafeStop(PROGRAM, 101)).isEqualTo(150);
    assertThat(ProgramPoints.nextSafeStop(PROGRAM, 155)).isEqualTo(160);
    assertThat(ProgramPoints.nextSafeStop(PROGRAM, 160)).isEqualTo(160);
  }

  @Test
  void nextSegmentOfKindFindsTheFirstThatEndsAtOrAfterTheOffset() {
    assertThat(ProgramPoints.nextSegmentOfKind(PROGRAM, 0, YIELD_POINT)).hasValue(1);
    assertThat(ProgramPoints.nextSegmentOfKind(PROGRAM, 100, YIELD_POINT)).hasValue(1);
    assertThat(ProgramPoints.nextSegmentOfKind(PROGRAM, 101, YIELD_POINT)).isEmpty();
    assertThat(ProgramPoints.nextSegmentOfKind(PROGRAM, 151, ATOMIC))
        .isEqualTo(OptionalInt.empty());
    assertThat(ProgramPoints.nextSegmentOfKind(PROGRAM, 151, BARRIER)).hasValue(3);
  }

  @Test
  void offsetsOutsideTheProgramAreRejected() {
    assertThatThrownBy(() -> ProgramPoints.nextSafeStop(PROGRAM, 161))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("161");
    assertThatThrownBy(() -> ProgramPoints.nextSegmentOfKind(PROGRAM, -1, COMPUTE))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
