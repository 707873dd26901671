package org.preemptlab.api.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.api.model.Models.program;
import static org.preemptlab.api.model.Models.segment;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BlockProgramTest {
  // [0,10) compute, [10,10) barrier, [10,40) shared, [40,100) global
  private final BlockProgram program = program(
      segment(SegmentKind.COMPUTE, 10),
      segment(SegmentKind.BARRIER, 0),
      segment(SegmentKind.SHARED_MEMORY, 30),
      segment(SegmentKind.GLOBAL_MEMORY, 60));

  @Test
  void durationIsTheSumOfTheSegments() {
    assertThat(program.durationNs()).isEqualTo(100);
    assertThat(program.instructions()).isEqualTo(100);
  }

  @Test
  void startOfGivesTheOffsetWhereEachSegmentBegins() {
    assertThat(program.startOf(0)).isZero();
    assertThat(program.startOf(1)).isEqualTo(10);
    assertThat(program.startOf(2)).isEqualTo(10);
    assertThat(program.startOf(3)).isEqualTo(40);
    assertThat(program.startOf(4)).isEqualTo(100);
  }

  @Test
  void segmentAtFindsTheHalfOpenIntervalContainingTheOffsetSkippingEmptySegments() {
    assertThat(program.segmentAt(0)).isZero();
    assertThat(program.segmentAt(9)).isZero();
    assertThat(program.segmentAt(10)).isEqualTo(2);
    assertThat(program.segmentAt(39)).isEqualTo(2);
    assertThat(program.segmentAt(40)).isEqualTo(3);
    assertThat(program.segmentAt(99)).isEqualTo(3);
  }

  @Test
  void segmentAtOrPastTheEndIsTheLastSegment() {
    assertThat(program.segmentAt(100)).isEqualTo(3);
    assertThat(program.segmentAt(1_000)).isEqualTo(3);
  }

  @Test
  void emptyProgramIsRejected() {
    assertThatThrownBy(() -> new BlockProgram(List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a block program needs at least one segment");
  }

  @Test
  void programOfOnlyZeroLengthSegmentsIsRejected() {
    assertThatThrownBy(() -> program(segment(SegmentKind.BARRIER, 0),
        segment(SegmentKind.COMPUTE, 0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a block program must last more than 0 ns");
  }

  @Test
  void programWhoseTotalOverflowsALongIsRejected() {
    assertThatThrownBy(() -> program(segment(SegmentKind.COMPUTE, Long.MAX_VALUE),
        segment(SegmentKind.COMPUTE, 1)))
        .isInstanceOf(ArithmeticException.class);
  }

  @Test
  void segmentsAreCopiedAndImmutable() {
    List<Segment> segments = new ArrayList<>(List.of(segment(SegmentKind.COMPUTE, 5)));
    BlockProgram p = new BlockProgram(segments);
    segments.add(segment(SegmentKind.COMPUTE, 5));

    assertThat(p.durationNs()).isEqualTo(5);
    assertThatThrownBy(() -> p.segments().clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void uniformIsOneComputeSegmentWithTheWholeAllocationLive() {
    assertThat(BlockProgram.uniform(500, 32, 2048).segments())
        .containsExactly(new Segment(SegmentKind.COMPUTE, 0, 500, 32, 2048));
  }
}
