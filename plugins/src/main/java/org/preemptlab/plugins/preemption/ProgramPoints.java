package org.preemptlab.plugins.preemption;

import java.util.OptionalInt;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.preemption.PreemptionDecision;

/**
 * Queries on a {@link BlockProgram} that preemption-point strategies share: where the next safe
 * stop is, and where the next segment of a given kind ends. Offsets are ns from the block's start.
 */
public final class ProgramPoints {
  private ProgramPoints() {}

  /** The offset at which segment {@code index} of {@code program} ends. */
  public static long endOf(BlockProgram program, int index) {
    return program.startOf(index) + program.segments().get(index).durationNs();
  }

  /**
   * The earliest safe stop (in the sense of {@link PreemptionDecision#isSafeStop}) at or after
   * {@code offsetNs}: the offset itself if it is safe, otherwise the end of the segment containing
   * it, since a segment boundary is always safe.
   *
   * @throws IllegalArgumentException if the offset lies outside the program
   */
  public static long nextSafeStop(BlockProgram program, long offsetNs) {
    checkInside(program, offsetNs);
    if (PreemptionDecision.isSafeStop(program, offsetNs)) {
      return offsetNs;
    }
    return endOf(program, program.segmentAt(offsetNs));
  }

  /**
   * The index of the first segment of {@code kind} that ends at or after {@code offsetNs}, or
   * empty if none does.
   *
   * @throws IllegalArgumentException if the offset lies outside the program
   */
  public static OptionalInt nextSegmentOfKind(BlockProgram program, long offsetNs,
      SegmentKind kind) {
    checkInside(program, offsetNs);
    long end = 0;
    for (int i = 0; i < program.segments().size(); i++) {
      var segment = program.segments().get(i);
      end += segment.durationNs();
      if (end >= offsetNs && segment.kind() == kind) {
        return OptionalInt.of(i);
      }
    }
    return OptionalInt.empty();
  }

  private static void checkInside(BlockProgram program, long offsetNs) {
    if (offsetNs < 0 || offsetNs > program.durationNs()) {
      throw new IllegalArgumentException("offset " + offsetNs + " outside the program [0, "
          + program.durationNs() + "]");
    }
  }
}
