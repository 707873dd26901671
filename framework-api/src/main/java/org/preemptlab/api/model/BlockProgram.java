package org.preemptlab.api.model;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.List;
import org.preemptlab.api.API;

/**
 * What every block of a kernel executes: an ordered list of {@link Segment segments}. The program is
 * the unit that preemption strategies reason about: where a block may stop, and what is live there.
 * Offsets into a program are nanoseconds from the block's start when it runs undisturbed.
 *
 * @param segments at least one segment
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public record BlockProgram(List<Segment> segments) {

  /** Copies the segments and checks there is at least one and that the program has some length. */
  public BlockProgram {
    segments = List.copyOf(segments);
    checkArgument(!segments.isEmpty(), "a block program needs at least one segment");
    long total = 0;
    for (Segment segment : segments) {
      total = Math.addExact(total, segment.durationNs());
    }
    checkArgument(total > 0, "a block program must last more than 0 ns");
  }

  /** A program of one compute segment, with every allocated register and shared byte live. */
  public static BlockProgram uniform(long durationNs, int registersPerThread, long sharedBytes) {
    return new BlockProgram(List.of(Segment.compute(0, durationNs, registersPerThread,
        sharedBytes)));
  }

  /** The undisturbed duration of one block, in ns. */
  public long durationNs() {
    long total = 0;
    for (Segment segment : segments) {
      total += segment.durationNs();
    }
    return total;
  }

  /** Dynamic instructions per thread over the whole program. */
  public long instructions() {
    long total = 0;
    for (Segment segment : segments) {
      total += segment.instructions();
    }
    return total;
  }

  /**
   * Bytes one block moves to and from DRAM over the whole program.
   *
   * @since 0.2
   */
  public long dramBytes() {
    long total = 0;
    for (Segment segment : segments) {
      total += segment.dramBytes();
    }
    return total;
  }

  /**
   * One block's DRAM demand when it runs undisturbed: its bytes over its duration, in bytes per ns
   * (GB/s). The contention model takes a block's demand as even over its program.
   *
   * @since 0.2
   */
  public double dramBytesPerNs() {
    return (double) dramBytes() / durationNs();
  }

  /** The offset (ns from the block's start) at which segment {@code index} begins. */
  public long startOf(int index) {
    long offset = 0;
    for (int i = 0; i < index; i++) {
      offset += segments.get(i).durationNs();
    }
    return offset;
  }

  /**
   * The index of the segment that is executing at {@code offsetNs}: the segment whose half-open
   * interval {@code [start, end)} contains it, or the last segment when the offset is at or past
   * the end.
   */
  public int segmentAt(long offsetNs) {
    long end = 0;
    for (int i = 0; i < segments.size(); i++) {
      end += segments.get(i).durationNs();
      if (offsetNs < end) {
        return i;
      }
    }
    return segments.size() - 1;
  }
}
