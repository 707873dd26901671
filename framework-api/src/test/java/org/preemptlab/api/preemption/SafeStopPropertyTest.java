package org.preemptlab.api.preemption;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;

/**
 * isSafeStop against an independent reference over thousands of random block programs (a seeded
 * generator, so every run checks the same programs and a failure names its case).
 */
class SafeStopPropertyTest {
  /** Written out rather than taken from {@link SegmentKind#allowsStopInside}. */
  private static final Set<SegmentKind> STOPPABLE_INSIDE =
      EnumSet.of(SegmentKind.COMPUTE, SegmentKind.GLOBAL_MEMORY, SegmentKind.YIELD_POINT);
  private static final SegmentKind[] KINDS = SegmentKind.values();

  /**
   * The reference: the offset is one of the prefix sums of the segment durations (0 and the end
   * included), or start < offset < end for some segment whose kind allows stopping inside.
   */
  private static boolean referenceSafe(List<Segment> segments, long offset) {
    long[] bounds = new long[segments.size() + 1];
    for (int i = 0; i < segments.size(); i++) {
      bounds[i + 1] = bounds[i] + segments.get(i).durationNs();
    }
    for (long bound : bounds) {
      if (bound == offset) {
        return true;
      }
    }
    for (int i = 0; i < segments.size(); i++) {
      if (bounds[i] < offset && offset < bounds[i + 1]
          && STOPPABLE_INSIDE.contains(segments.get(i).kind())) {
        return true;
      }
    }
    return false;
  }

  /** 1 to 12 segments of every kind, 0 to 40 ns each (zero-length ones included), total > 0. */
  private static BlockProgram randomProgram(SplittableRandom random) {
    while (true) {
      int n = 1 + random.nextInt(12);
      List<Segment> segments = new ArrayList<>();
      long total = 0;
      for (int i = 0; i < n; i++) {
        long ns = random.nextInt(41);
        total += ns;
        segments.add(new Segment(KINDS[random.nextInt(KINDS.length)], ns, ns,
            random.nextInt(256), random.nextInt(65_537)));
      }
      if (total > 0) {
        return new BlockProgram(segments);
      }
    }
  }

  @Test
  void offsetWithinTheProgramIsSafeIffItIsABoundaryOrInsideAStoppableSegment() {
    SplittableRandom random = new SplittableRandom(20261130);
    int safe = 0;
    for (int trial = 0; trial < 3_000; trial++) {
      BlockProgram program = randomProgram(random);
      long offset = random.nextLong(program.durationNs() + 1);
      boolean expected = referenceSafe(program.segments(), offset);
      safe += expected ? 1 : 0;

      assertThat(PreemptionDecision.isSafeStop(program, offset))
          .as("trial %d: offset %d of %s", trial, offset, program).isEqualTo(expected);
    }
    // Both outcomes must be exercised, or the comparison proves little.
    assertThat(safe).isBetween(300, 2_700);
  }

  @Test
  void anyOffsetAroundTheProgramAgreesWithTheReferenceAndOutsideIsUnsafe() {
    SplittableRandom random = new SplittableRandom(42);
    for (int trial = 0; trial < 1_000; trial++) {
      BlockProgram program = randomProgram(random);
      long offset = -5 + random.nextLong(program.durationNs() + 11);
      boolean actual = PreemptionDecision.isSafeStop(program, offset);

      assertThat(actual).as("trial %d: offset %d of %s", trial, offset, program)
          .isEqualTo(referenceSafe(program.segments(), offset));
      if (offset < 0 || offset > program.durationNs()) {
        assertThat(actual).isFalse();
      }
    }
  }

  @Test
  void everyBoundaryIsSafe() {
    SplittableRandom random = new SplittableRandom(7);
    for (int trial = 0; trial < 1_000; trial++) {
      BlockProgram program = randomProgram(random);
      for (int i = 0; i <= program.segments().size(); i++) {
        assertThat(PreemptionDecision.isSafeStop(program, program.startOf(i))).isTrue();
      }
    }
  }
}
