package org.preemptlab.plugins.preemption;

import java.util.OptionalInt;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;

/**
 * Cooperative preemption at user-level yield points (EffiSha, FLEP style): a block whose context
 * answers yield requests stops at the end of its next {@link SegmentKind#YIELD_POINT} segment and
 * saves; with no yield point left it drains to its end. A block whose context ignores yield
 * requests is not preempted: it drains.
 */
public final class UserYieldStrategy implements PreemptionPointStrategy {
  /** The level of a block that stopped at a yield point. */
  public static final String LEVEL = "user-yield";
  /** The level of a block whose context does not answer yield requests. */
  public static final String NOT_YIELDING = "not-yielding";

  /** Creates the strategy. */
  public UserYieldStrategy() {}

  /** Stops at the end of the next yield point, or drains; see the class description. */
  @Override
  public PreemptionDecision decide(BlockSnapshot block) {
    if (!block.yieldHandled()) {
      return PreemptionDecision.drain(block, NOT_YIELDING);
    }
    OptionalInt yieldPoint = ProgramPoints.nextSegmentOfKind(
        block.program(), block.progressNs(), SegmentKind.YIELD_POINT);
    if (yieldPoint.isEmpty()) {
      return PreemptionDecision.drain(block, StopDecisions.BLOCK_END);
    }
    long stop = ProgramPoints.endOf(block.program(), yieldPoint.getAsInt());
    return StopDecisions.saveAtOrFinish(block, stop, LEVEL);
  }
}
