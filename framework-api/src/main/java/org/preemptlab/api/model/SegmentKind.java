package org.preemptlab.api.model;

import org.preemptlab.api.API;

/**
 * What a {@link Segment} of a block program does. Preemption-point strategies reason about these:
 * no strategy may stop a block inside a {@link #SHARED_MEMORY}, {@link #ATOMIC} or {@link #BARRIER}
 * segment.
 *
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public enum SegmentKind {
  /** Arithmetic on registers. */
  COMPUTE,
  /** Loads and stores to global memory. */
  GLOBAL_MEMORY,
  /** Work on shared memory whose state a stop would tear. */
  SHARED_MEMORY,
  /** Atomic read-modify-write sequences. */
  ATOMIC,
  /** A block-wide barrier ({@code __syncthreads}). */
  BARRIER,
  /** A point where the application checks for a user-level yield request. */
  YIELD_POINT;

  /** Whether a block may be stopped inside a segment of this kind (or at its start). */
  public boolean allowsStopInside() {
    return this == COMPUTE || this == GLOBAL_MEMORY || this == YIELD_POINT;
  }
}
