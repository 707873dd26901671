package org.preemptlab.testkit.doubles;

import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;

/**
 * The bundled {@code block-boundary} strategy's decision, for tests: every resident block drains to
 * its end (level {@value #LEVEL}); nothing is saved and no work is lost.
 */
public final class BlockBoundaryDouble implements PreemptionPointStrategy {
  /** The level the bundled strategy reports, and so this double. */
  public static final String LEVEL = "block-boundary";

  /** Creates the strategy. */
  public BlockBoundaryDouble() {}

  @Override
  public PreemptionDecision decide(BlockSnapshot block) {
    return PreemptionDecision.drain(block, LEVEL);
  }
}
