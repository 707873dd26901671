package org.preemptlab.plugins.preemption.instructionlevel;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.plugins.preemption.shared.MulDiv;

/**
 * Compiler-inserted preemption checks: how many each segment executes, what they add to its
 * duration, and where in the executed program they sit.
 *
 * <p>Instruction {@code j} (1-based) of a segment with {@code n} instructions that starts at offset
 * {@code S} and lasts {@code e} ns in the executed program ends at {@code S + ceil(j × e / n)}: a
 * segment's instructions are spread evenly over its time. A check placed after instruction {@code
 * j} sits there. Segments without instructions hold no checks, so a program with no instructions
 * at all pays nothing and offers no check position: its blocks can only drain.
 *
 * @param placement which instructions are followed by a check; not {@link CheckPlacement#HARDWARE}
 * @param interval for {@link CheckPlacement#EVERY_N}: a check follows instruction {@code N}, {@code
 *     2N}, … counted across the whole program; at least 1
 */
public record SoftwareChecks(CheckPlacement placement, long interval) {

  /** Validates the placement and interval. */
  public SoftwareChecks {
    Objects.requireNonNull(placement, "placement");
    if (placement == CheckPlacement.HARDWARE) {
      throw new IllegalArgumentException("hardware preemption has no compiled-in checks");
    }
    if (interval < 1) {
      throw new IllegalArgumentException("check interval must be >= 1 instruction, got "
          + interval);
    }
  }

  /**
   * Checks executed in a segment of {@code kind} with {@code instructions} instructions, when
   * {@code before} instructions of the program precede it.
   */
  public long checksIn(SegmentKind kind, long instructions, long before) {
    return switch (placement) {
      case EVERY_INSTRUCTION -> instructions;
      case AFTER_GLOBAL_MEMORY -> kind == SegmentKind.GLOBAL_MEMORY ? instructions : 0;
      case EVERY_N -> (before + instructions) / interval - before / interval;
      case HARDWARE -> throw new AssertionError(placement);
    };
  }

  /**
   * The program with each segment's duration lengthened by its checks: {@code checks × cycles per
   * check} SM cycles, turned into ns at the device's clock and rounded up per segment. Instruction
   * counts and live state are unchanged.
   */
  public BlockProgram instrument(BlockProgram program, DeviceSpec device) {
    double cyclesPerCheck = device.costs().preemptionCheckCycles();
    List<Segment> segments = new ArrayList<>(program.segments().size());
    long before = 0;
    boolean changed = false;
    for (Segment segment : program.segments()) {
      long checks = checksIn(segment.kind(), segment.instructions(), before);
      long overhead = checks == 0 ? 0 : device.cyclesToNs(checks * cyclesPerCheck);
      segments.add(overhead == 0 ? segment
          : segment.withDuration(Math.addExact(segment.durationNs(), overhead)));
      changed |= overhead != 0;
      before += segment.instructions();
    }
    return changed ? new BlockProgram(segments) : program;
  }

  /**
   * The first check position at or after {@code offsetNs} that is a safe stop, or empty if none
   * remains. Inside a shared-memory, atomic or barrier segment only the segment's end (or start,
   * for a zero-length segment) is safe, so checks strictly inside such a segment are skipped.
   */
  public OptionalLong firstSafeCheck(BlockProgram program, long offsetNs) {
    long start = 0;
    long before = 0;
    for (Segment segment : program.segments()) {
      long n = segment.instructions();
      long e = segment.durationNs();
      long end = start + e;
      if (checksIn(segment.kind(), n, before) > 0 && end >= offsetNs) {
        OptionalLong found = firstInSegment(segment.kind(), start, e, n, before, offsetNs);
        if (found.isPresent()) {
          return found;
        }
      }
      start = end;
      before += n;
    }
    return OptionalLong.empty();
  }

  private OptionalLong firstInSegment(SegmentKind kind, long start, long e, long n, long before,
      long offsetNs) {
    long j = firstCheckAtOrAfter(start, e, n, before, offsetNs);
    if (j > n) {
      return OptionalLong.empty();
    }
    long position = positionOf(start, e, n, j);
    if (kind.allowsStopInside() || position == start || position == start + e) {
      return OptionalLong.of(position);
    }
    // Strictly inside an unsafe segment: only a check that lands on the segment's end may stop
    // it (several instructions can end at that ns when the segment has more instructions than ns).
    long atEnd = firstCheckAtOrAfter(start, e, n, before, start + e);
    return atEnd <= n ? OptionalLong.of(start + e) : OptionalLong.empty();
  }

  /** The smallest checked instruction index j in [1, n] ending at or after the offset, or n + 1. */
  private long firstCheckAtOrAfter(long start, long e, long n, long before, long offsetNs) {
    long j;
    if (offsetNs <= start || e == 0) {
      j = 1;
    } else {
      // position(j) >= offset  <=>  ceil(j e / n) >= offset - start  <=>  j e > (offset-start-1) n
      j = MulDiv.floor(offsetNs - start - 1, n, e) + 1;
    }
    if (placement == CheckPlacement.EVERY_N) {
      long global = before + j;
      long multiple = MulDiv.ceil(global, 1, interval);
      j = MulDiv.floor(multiple, interval, 1) - before;
    }
    return j;
  }

  private static long positionOf(long start, long e, long n, long j) {
    return start + MulDiv.ceil(j, e, n);
  }
}
