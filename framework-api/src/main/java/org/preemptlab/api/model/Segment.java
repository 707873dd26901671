package org.preemptlab.api.model;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.Objects;
import org.preemptlab.api.API;

/**
 * One step of a {@link BlockProgram}.
 *
 * @param kind what the segment does
 * @param instructions dynamic instructions per thread in the segment (at least 0)
 * @param durationNs how long the segment takes when the block runs undisturbed (at least 0)
 * @param liveRegistersPerThread 32-bit registers per thread that are live at the segment's end
 * @param liveSharedMemoryBytes bytes of the block's shared memory that are live at the segment's end
 * @param dramBytes bytes the block moves between its SM and device memory (DRAM) during the
 *     segment, at least 0: what the contention model (DESIGN.md §3.5) shares the device's memory
 *     bandwidth by; 0 when unknown or when the segment works out of caches and registers
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public record Segment(
    SegmentKind kind,
    long instructions,
    long durationNs,
    int liveRegistersPerThread,
    long liveSharedMemoryBytes,
    long dramBytes) {

  /** Validates that every count is non-negative. */
  public Segment {
    Objects.requireNonNull(kind, "kind");
    checkArgument(instructions >= 0, "segment instructions must be >= 0, got %s", instructions);
    checkArgument(durationNs >= 0, "segment duration must be >= 0 ns, got %s", durationNs);
    checkArgument(liveRegistersPerThread >= 0, "segment live registers must be >= 0, got %s",
        liveRegistersPerThread);
    checkArgument(liveSharedMemoryBytes >= 0, "segment live shared memory must be >= 0, got %s",
        liveSharedMemoryBytes);
    checkArgument(dramBytes >= 0, "segment DRAM bytes must be >= 0, got %s", dramBytes);
  }

  /**
   * A segment that moves no declared DRAM traffic ({@code dramBytes} 0).
   *
   * @since 0.1
   */
  public Segment(SegmentKind kind, long instructions, long durationNs, int liveRegistersPerThread,
      long liveSharedMemoryBytes) {
    this(kind, instructions, durationNs, liveRegistersPerThread, liveSharedMemoryBytes, 0);
  }

  /** A compute segment with the given length and live state. */
  public static Segment compute(long instructions, long durationNs, int liveRegisters,
      long liveSharedBytes) {
    return new Segment(SegmentKind.COMPUTE, instructions, durationNs, liveRegisters,
        liveSharedBytes);
  }

  /**
   * The same segment with only its duration replaced: the instructions it executes and its live
   * state are unchanged (a slower or jittered block runs the same code for longer).
   */
  public Segment withDuration(long newDurationNs) {
    return new Segment(kind, instructions, newDurationNs, liveRegistersPerThread,
        liveSharedMemoryBytes, dramBytes);
  }

  /**
   * The same segment with its DRAM traffic replaced.
   *
   * @since 0.2
   */
  public Segment withDramBytes(long newDramBytes) {
    return new Segment(kind, instructions, durationNs, liveRegistersPerThread,
        liveSharedMemoryBytes, newDramBytes);
  }
}
