package org.preemptlab.api.preemption;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.Objects;
import org.preemptlab.api.API;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Kernel;

/**
 * A resident block at the moment its SM sees a preemption request.
 *
 * @param kernel the block's kernel
 * @param program the program as executed under the run's preemption strategy (after {@link
 *     PreemptionPointStrategy#instrument}); offsets are in this program's nominal ns
 * @param progressNs how far the block has run, as an offset into {@code program}
 * @param yieldHandled whether the block's context answers user-level yield requests
 * @param device the device
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public record BlockSnapshot(
    Kernel kernel, BlockProgram program, long progressNs, boolean yieldHandled,
    DeviceSpec device) {

  /** Validates the progress. */
  public BlockSnapshot {
    Objects.requireNonNull(kernel, "kernel");
    Objects.requireNonNull(program, "program");
    Objects.requireNonNull(device, "device");
    checkArgument(progressNs >= 0 && progressNs <= program.durationNs(), "progress %s outside "
        + "the program [0, %s]", progressNs, program.durationNs());
  }

  /** The index of the segment executing now. */
  public int segmentIndex() {
    return program.segmentAt(progressNs);
  }
}
