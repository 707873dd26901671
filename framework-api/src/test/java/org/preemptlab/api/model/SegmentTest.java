package org.preemptlab.api.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SegmentTest {

  @Test
  void zeroCountsAreValid() {
    Segment s = new Segment(SegmentKind.BARRIER, 0, 0, 0, 0);

    assertThat(s.durationNs()).isZero();
    assertThat(s.instructions()).isZero();
  }

  @Test
  void everyNegativeCountIsRejectedWithItsName() {
    assertThatThrownBy(() -> new Segment(SegmentKind.COMPUTE, -1, 10, 0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("segment instructions must be >= 0, got -1");
    assertThatThrownBy(() -> new Segment(SegmentKind.COMPUTE, 1, -10, 0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("segment duration must be >= 0 ns, got -10");
    assertThatThrownBy(() -> new Segment(SegmentKind.COMPUTE, 1, 10, -2, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("segment live registers must be >= 0, got -2");
    assertThatThrownBy(() -> new Segment(SegmentKind.COMPUTE, 1, 10, 0, -3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("segment live shared memory must be >= 0, got -3");
  }

  @Test
  void kindIsRequired() {
    assertThatThrownBy(() -> new Segment(null, 1, 1, 0, 0))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("kind");
  }

  @Test
  void computeFactoryBuildsAComputeSegment() {
    assertThat(Segment.compute(5, 10, 32, 64))
        .isEqualTo(new Segment(SegmentKind.COMPUTE, 5, 10, 32, 64));
  }

  @Test
  void withDurationReplacesOnlyTheDuration() {
    Segment s = new Segment(SegmentKind.GLOBAL_MEMORY, 100, 50, 8, 256);

    assertThat(s.withDuration(75)).isEqualTo(new Segment(SegmentKind.GLOBAL_MEMORY, 100, 75, 8,
        256));
  }

  @Test
  void onlyComputeGlobalMemoryAndYieldPointsAllowStoppingInside() {
    assertThat(SegmentKind.values()).filteredOn(SegmentKind::allowsStopInside)
        .containsExactlyInAnyOrder(SegmentKind.COMPUTE, SegmentKind.GLOBAL_MEMORY,
            SegmentKind.YIELD_POINT);
  }
}
