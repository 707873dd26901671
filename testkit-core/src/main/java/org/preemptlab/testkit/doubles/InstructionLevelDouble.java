package org.preemptlab.testkit.doubles;

import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.StopRules;

/**
 * The bundled {@code instruction-level} strategy's decision with its default {@code
 * checks=hardware}, for tests: a block stops where it is if that is a safe stop, else at the end of
 * its segment ({@link StopRules#nextSafeStop}), and saves (level {@value #LEVEL}); a stop at the
 * program's end drains it. Unlike the bundled provider it does not refuse a device without
 * instruction-level preemption.
 */
public final class InstructionLevelDouble implements PreemptionPointStrategy {
  /** The level the bundled strategy reports for hardware preemption, and so this double. */
  public static final String LEVEL = "instruction";

  /** Creates the strategy. */
  public InstructionLevelDouble() {}

  @Override
  public PreemptionDecision decide(BlockSnapshot block) {
    long stop = StopRules.nextSafeStop(block.program(), block.progressNs());
    return StopRules.saveAtOrFinish(block, stop, LEVEL);
  }
}
