package org.preemptlab.plugins.preemption;

import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;

/** Builds the decisions that preemption-point strategies share. */
public final class StopDecisions {
  /** The level of a block that gives up its SM by reaching its natural end. */
  public static final String BLOCK_END = "block-end";

  private StopDecisions() {}

  /**
   * Stop {@code block} at {@code stopNs} and save, labelled {@code level}; but if the stop is the
   * program's end, drain instead (level {@value #BLOCK_END}): a finished block has nothing to save.
   *
   * @throws IllegalArgumentException if the stop lies before the block's progress or past the end
   */
  public static PreemptionDecision saveAtOrFinish(BlockSnapshot block, long stopNs, String level) {
    long end = block.program().durationNs();
    if (stopNs < block.progressNs() || stopNs > end) {
      throw new IllegalArgumentException("stop " + stopNs + " outside [progress "
          + block.progressNs() + ", end " + end + "]");
    }
    return stopNs == end
        ? PreemptionDecision.drain(block, BLOCK_END)
        : PreemptionDecision.saveAt(stopNs, level);
  }
}
