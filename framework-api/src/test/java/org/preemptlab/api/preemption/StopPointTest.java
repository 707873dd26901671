package org.preemptlab.api.preemption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Models;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;

class StopPointTest {
  // Segments are told apart by their live registers: 1, 2, 3.
  private static final BlockProgram PROGRAM = new BlockProgram(List.of(
      new Segment(SegmentKind.COMPUTE, 10, 10, 1, 100),
      new Segment(SegmentKind.SHARED_MEMORY, 10, 10, 2, 200),
      new Segment(SegmentKind.GLOBAL_MEMORY, 10, 10, 3, 300)));

  private static StopPoint at(long offset) {
    return new StopPoint(Models.kernel(PROGRAM), PROGRAM, offset);
  }

  @ParameterizedTest(name = "at {0} the live segment is the one with {1} live registers")
  @CsvSource({
      "0, 1",   // nothing has run: the first segment
      "1, 1",
      "9, 1",
      "10, 1",  // a boundary: the segment that ends here
      "11, 2",
      "20, 2",
      "21, 3",
      "30, 3"   // the program's end: the last segment
  })
  void liveSegmentIsTheOneThatEndsAtOrContainsTheOffset(long offset, int liveRegisters) {
    assertThat(at(offset).liveSegment().liveRegistersPerThread()).isEqualTo(liveRegisters);
  }

  @Test
  void offsetOutsideTheProgramIsRejected() {
    assertThatThrownBy(() -> at(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("stop offset -1 outside the program");
    assertThatThrownBy(() -> at(31))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("stop offset 31 outside the program");
  }

  @Test
  void threadsAreTheKernelsThreadsPerBlock() {
    assertThat(at(5).threads()).isEqualTo(128);
  }
}
