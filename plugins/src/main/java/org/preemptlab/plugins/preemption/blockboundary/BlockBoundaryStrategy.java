package org.preemptlab.plugins.preemption.blockboundary;

import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;

/**
 * Coarse preemption at block boundaries, as on GPUs without instruction-level preemption: every
 * resident block drains to its end, nothing is saved and no work is lost. The preemption latency is
 * the remaining time of the slowest resident block.
 */
public final class BlockBoundaryStrategy implements PreemptionPointStrategy {
  /** The level this strategy reports. */
  public static final String LEVEL = "block-boundary";

  /** Creates the strategy. */
  public BlockBoundaryStrategy() {}

  /** Drains the block to its end. */
  @Override
  public PreemptionDecision decide(BlockSnapshot block) {
    return PreemptionDecision.drain(block, LEVEL);
  }
}
