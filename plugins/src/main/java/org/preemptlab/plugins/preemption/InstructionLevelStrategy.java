package org.preemptlab.plugins.preemption;

import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;

/**
 * Fine-grained preemption, as on Pascal and later: the block stops where it is if that is a safe
 * stop, otherwise at the end of the segment it is in (never inside a shared-memory, atomic or
 * barrier segment), and saves its context.
 */
public final class InstructionLevelStrategy implements PreemptionPointStrategy {
  /** The level this strategy reports. */
  public static final String LEVEL = "instruction";

  /** Creates the strategy without checking any device; see {@link #forDevice}. */
  public InstructionLevelStrategy() {}

  /**
   * Creates the strategy for a run on {@code device}.
   *
   * @param device the run's device, or {@code null} when none is known yet
   * @throws ConfigurationException if the device has no instruction-level preemption
   */
  public static InstructionLevelStrategy forDevice(DeviceSpec device) {
    if (device != null && !device.instructionLevelPreemption()) {
      throw new ConfigurationException("preemption '" + InstructionLevelProvider.ID
          + "' needs instruction-level preemption, which device '" + device.name()
          + "' lacks; use block-boundary or user-yield, or set"
          + " hardware.instruction-level-preemption=true");
    }
    return new InstructionLevelStrategy();
  }

  /** Saves at the block's progress if that is safe, else at the end of its current segment. */
  @Override
  public PreemptionDecision decide(BlockSnapshot block) {
    long stop = ProgramPoints.nextSafeStop(block.program(), block.progressNs());
    return StopDecisions.saveAtOrFinish(block, stop, LEVEL);
  }
}
