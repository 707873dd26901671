package org.preemptlab.api.preemption;

import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Kernel;

/**
 * Decides where a resident block of a preempted kernel may stop, and what supporting preemption
 * costs while nobody preempts. One instance per run.
 *
 * @since 0.1
 */
public interface PreemptionPointStrategy {

  /**
   * How {@code block} gives up its SM. A {@link BlockAction#SAVE} must stop at a point where
   * {@link PreemptionDecision#isSafeStop} holds, at or after the block's progress; a {@link
   * BlockAction#FLUSH} is only allowed for idempotent kernels.
   */
  PreemptionDecision decide(BlockSnapshot block);

  /**
   * The program as it executes under this strategy, for example with the cost of compiled-in
   * checks added. Called once per kernel before any of its blocks runs; the default is the program
   * unchanged.
   */
  default BlockProgram instrument(Kernel kernel, BlockProgram program, DeviceSpec device) {
    return program;
  }
}
