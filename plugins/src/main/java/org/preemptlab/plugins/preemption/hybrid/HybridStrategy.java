package org.preemptlab.plugins.preemption.hybrid;

import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.StopRules;
import org.preemptlab.plugins.preemption.blockboundary.BlockBoundaryStrategy;
import org.preemptlab.plugins.preemption.instructionlevel.InstructionLevelStrategy;
import org.preemptlab.plugins.preemption.shared.KernelFallback;
import org.preemptlab.plugins.preemption.shared.MulDiv;
import org.preemptlab.plugins.preemption.useryield.UserYieldStrategy;

/**
 * User-level yield where the application handles it, kernel-level preemption otherwise (DESIGN
 * §3.4). A block whose context answers yield requests stops at the end of its next yield point if
 * that comes within the grace period (level {@value UserYieldStrategy#LEVEL}); otherwise the
 * runtime escalates when the grace period has run out, at program offset {@code progress + grace},
 * to the kernel-level fallback. A block whose context ignores yield requests gets the fallback at
 * once. The fallback either stops at the next safe stop with native instruction-level preemption
 * (level {@value InstructionLevelStrategy#LEVEL}) or drains (level {@value
 * BlockBoundaryStrategy#LEVEL}); a block that ends first drains with level {@value
 * StopRules#BLOCK_END}.
 *
 * <p>The yield flag is read at the yield points themselves, as in {@code user-yield} with a poll
 * interval of 0; the grace period is measured in the block's program time. Nothing is added to
 * execution.
 */
public final class HybridStrategy implements PreemptionPointStrategy {
  private final long graceNs;
  private final KernelFallback fallback;

  /**
   * Creates the strategy.
   *
   * @param graceNs how long to wait for a yield point before escalating; at least 0
   * @param fallback {@link KernelFallback#INSTRUCTION_LEVEL} or {@link
   *     KernelFallback#BLOCK_BOUNDARY}
   */
  public HybridStrategy(long graceNs, KernelFallback fallback) {
    Objects.requireNonNull(fallback, "fallback");
    if (graceNs < 0) {
      throw new IllegalArgumentException("grace must be >= 0 ns, got " + graceNs);
    }
    if (fallback == KernelFallback.NONE) {
      throw new IllegalArgumentException("hybrid needs a kernel-level fallback");
    }
    this.graceNs = graceNs;
    this.fallback = fallback;
  }

  /** The fallbacks hybrid accepts. */
  public static List<KernelFallback> fallbacks() {
    return List.of(KernelFallback.INSTRUCTION_LEVEL, KernelFallback.BLOCK_BOUNDARY);
  }

  /** Yields within the grace period, or falls back; see the class description. */
  @Override
  public PreemptionDecision decide(BlockSnapshot block) {
    long progress = block.progressNs();
    if (!block.yieldHandled()) {
      return fallback.decide(block, progress);
    }
    BlockProgram program = block.program();
    OptionalInt yieldPoint =
        StopRules.nextSegmentOfKind(program, progress, SegmentKind.YIELD_POINT);
    if (yieldPoint.isPresent()) {
      long stop = StopRules.endOf(program, yieldPoint.getAsInt());
      if (stop - progress <= graceNs) {
        return StopRules.saveAtOrFinish(block, stop, UserYieldStrategy.LEVEL);
      }
    }
    return fallback.decide(block, MulDiv.addSaturated(progress, graceNs));
  }
}
