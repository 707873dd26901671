package org.preemptlab.api.preemption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.api.model.Models.program;
import static org.preemptlab.api.model.Models.segment;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.preemptlab.api.hardware.Devices;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Models;
import org.preemptlab.api.model.SegmentKind;

class PreemptionDecisionTest {
  // compute [0,10) shared [10,20) atomic [20,30) barrier [30,40) global [40,50) yield [50,60)
  private static final BlockProgram PROGRAM = program(
      segment(SegmentKind.COMPUTE, 10),
      segment(SegmentKind.SHARED_MEMORY, 10),
      segment(SegmentKind.ATOMIC, 10),
      segment(SegmentKind.BARRIER, 10),
      segment(SegmentKind.GLOBAL_MEMORY, 10),
      segment(SegmentKind.YIELD_POINT, 10));

  @ParameterizedTest(name = "offset {0} is a boundary")
  @CsvSource({"0", "10", "20", "30", "40", "50", "60"})
  void everySegmentBoundaryAndTheProgramsEndAreSafe(long offset) {
    assertThat(PreemptionDecision.isSafeStop(PROGRAM, offset)).isTrue();
  }

  @ParameterizedTest(name = "inside {1} at {0}: safe = {2}")
  @CsvSource({
      "1, COMPUTE, true",
      "5, COMPUTE, true",
      "9, COMPUTE, true",
      "11, SHARED_MEMORY, false",
      "19, SHARED_MEMORY, false",
      "25, ATOMIC, false",
      "31, BARRIER, false",
      "39, BARRIER, false",
      "41, GLOBAL_MEMORY, true",
      "55, YIELD_POINT, true",
      "59, YIELD_POINT, true"
  })
  void insideASegmentOnlyKindsThatAllowStoppingAreSafe(long offset, SegmentKind kind,
      boolean safe) {
    assertThat(PROGRAM.segments().get(PROGRAM.segmentAt(offset)).kind()).isEqualTo(kind);
    assertThat(PreemptionDecision.isSafeStop(PROGRAM, offset)).isEqualTo(safe);
  }

  @ParameterizedTest(name = "offset {0} is outside")
  @CsvSource({"-1", "-100", "61", "1000", "-9223372036854775808", "9223372036854775807"})
  void offsetsOutsideTheProgramAreUnsafe(long offset) {
    assertThat(PreemptionDecision.isSafeStop(PROGRAM, offset)).isFalse();
  }

  @Test
  void aZeroLengthBarrierBetweenComputeSegmentsIsABoundary() {
    BlockProgram p = program(segment(SegmentKind.COMPUTE, 10), segment(SegmentKind.BARRIER, 0),
        segment(SegmentKind.COMPUTE, 10));

    assertThat(PreemptionDecision.isSafeStop(p, 10)).isTrue();
    assertThat(PreemptionDecision.isSafeStop(p, 15)).isTrue();
  }

  @Test
  void aProgramOfOneUnsafeSegmentIsSafeOnlyAtItsEnds() {
    BlockProgram p = program(segment(SegmentKind.ATOMIC, 3));

    assertThat(PreemptionDecision.isSafeStop(p, 0)).isTrue();
    assertThat(PreemptionDecision.isSafeStop(p, 1)).isFalse();
    assertThat(PreemptionDecision.isSafeStop(p, 2)).isFalse();
    assertThat(PreemptionDecision.isSafeStop(p, 3)).isTrue();
  }

  @Test
  void factoriesStopWhereTheirActionSays() {
    BlockSnapshot block = new BlockSnapshot(Models.kernel(PROGRAM), PROGRAM, 23, false,
        Devices.small());

    assertThat(PreemptionDecision.drain(block, "drain"))
        .isEqualTo(new PreemptionDecision(BlockAction.DRAIN, 60, 0, "drain"));
    assertThat(PreemptionDecision.flush(block, "flush"))
        .isEqualTo(new PreemptionDecision(BlockAction.FLUSH, 23, 0, "flush"));
    assertThat(PreemptionDecision.saveAt(30, "instruction"))
        .isEqualTo(new PreemptionDecision(BlockAction.SAVE, 30, 0, "instruction"));
    assertThat(PreemptionDecision.saveAt(30, "poll").withDelivery(500))
        .isEqualTo(new PreemptionDecision(BlockAction.SAVE, 30, 500, "poll"));
  }

  @Test
  void negativeStopOffsetOrDeliveryIsRejected() {
    assertThatThrownBy(() -> PreemptionDecision.saveAt(-1, "x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("stop offset and delivery time must be >= 0");
    assertThatThrownBy(() -> PreemptionDecision.saveAt(1, "x").withDelivery(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("stop offset and delivery time must be >= 0");
  }

  @Test
  void snapshotProgressMustLieWithinTheProgram() {
    assertThat(new BlockSnapshot(Models.kernel(PROGRAM), PROGRAM, 60, true, Devices.small())
        .segmentIndex()).isEqualTo(5);
    assertThat(new BlockSnapshot(Models.kernel(PROGRAM), PROGRAM, 25, true, Devices.small())
        .segmentIndex()).isEqualTo(2);
    assertThatThrownBy(() -> new BlockSnapshot(Models.kernel(PROGRAM), PROGRAM, 61, true,
        Devices.small()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("progress 61 outside the program [0, 60]");
    assertThatThrownBy(() -> new BlockSnapshot(Models.kernel(PROGRAM), PROGRAM, -1, true,
        Devices.small()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("progress -1 outside the program [0, 60]");
  }
}
