package org.preemptlab.api.preemption;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.Objects;
import org.preemptlab.api.API;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Segment;

/**
 * Where a block stopped to save its context.
 *
 * @param kernel the block's kernel
 * @param program the executed program
 * @param offsetNs the stop offset into {@code program}
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public record StopPoint(Kernel kernel, BlockProgram program, long offsetNs) {

  /** Validates the offset. */
  public StopPoint {
    Objects.requireNonNull(kernel, "kernel");
    Objects.requireNonNull(program, "program");
    checkArgument(offsetNs >= 0 && offsetNs <= program.durationNs(), "stop offset %s outside the "
        + "program", offsetNs);
  }

  /**
   * The segment whose live state applies at the stop: the segment that ends at or contains the
   * offset (its live values are those at its end), or the first segment at offset 0.
   */
  public Segment liveSegment() {
    return program.segments().get(program.segmentAt(Math.max(0, offsetNs - 1)));
  }

  /** Threads of the block. */
  public int threads() {
    return kernel.threadsPerBlock();
  }
}
