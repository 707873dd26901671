package org.preemptlab.plugins.testing;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;

/**
 * Checks the {@link PreemptionPointStrategy} contract on decisions: every stop offset lies within
 * the program; a drain stops at the end; a save stops at a safe point at or after the progress; a
 * flush stops at the progress of an idempotent kernel.
 */
public final class DecisionChecker {
  private DecisionChecker() {}

  /** What is wrong with {@code decision} for {@code block}; empty if it keeps the contract. */
  public static List<String> violations(BlockSnapshot block, PreemptionDecision decision) {
    List<String> problems = new ArrayList<>();
    long end = block.program().durationNs();
    long stop = decision.stopOffsetNs();
    if (stop < 0 || stop > end) {
      problems.add("stop " + stop + " outside the program [0, " + end + "]");
    }
    switch (decision.action()) {
      case DRAIN -> {
        if (stop != end) {
          problems.add("drain stops at " + stop + ", not the end " + end);
        }
      }
      case SAVE -> {
        if (stop < block.progressNs()) {
          problems.add("save at " + stop + " before the progress " + block.progressNs());
        }
        if (!PreemptionDecision.isSafeStop(block.program(), stop)) {
          problems.add("save at " + stop + ", which is not a safe stop");
        }
      }
      case FLUSH -> {
        if (!block.kernel().idempotent()) {
          problems.add("flush of a non-idempotent kernel");
        }
        if (stop != block.progressNs()) {
          problems.add("flush at " + stop + ", not the progress " + block.progressNs());
        }
      }
    }
    return problems;
  }

  /** Every violation of {@code strategy} over {@code blocks}, each naming its block. */
  public static List<String> violations(PreemptionPointStrategy strategy,
      List<BlockSnapshot> blocks) {
    List<String> all = new ArrayList<>();
    for (BlockSnapshot block : blocks) {
      PreemptionDecision decision = strategy.decide(block);
      for (String problem : violations(block, decision)) {
        all.add(problem + " (" + decision + " for progress " + block.progressNs() + " of "
            + block.program() + ")");
      }
    }
    return all;
  }
}
