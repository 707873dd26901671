package org.preemptlab.plugins.preemption.flush;

import java.util.Objects;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.StopRules;
import org.preemptlab.plugins.preemption.shared.KernelFallback;

/**
 * Reset-based preemption (REEF, OSDI'22): a block of an idempotent kernel is flushed as soon as
 * the SM sees the request; its progress is lost work and it runs again from the start later. No
 * context is saved. A non-idempotent kernel cannot be flushed: it gets the configured fallback
 * (drain, or native instruction-level stop and save), or, with no fallback, the run fails with a
 * {@link ConfigurationException} naming the kernel and the fix. A block that has already reached
 * its end drains (level {@value StopRules#BLOCK_END}): it has nothing left to discard.
 */
public final class FlushStrategy implements PreemptionPointStrategy {
  /** The level of a flushed block. */
  public static final String LEVEL = "flush";

  private final KernelFallback fallback;

  /**
   * Creates the strategy.
   *
   * @param fallback what to do with blocks of non-idempotent kernels
   */
  public FlushStrategy(KernelFallback fallback) {
    this.fallback = Objects.requireNonNull(fallback, "fallback");
  }

  /**
   * Flushes the block of an idempotent kernel, else applies the fallback.
   *
   * @throws ConfigurationException for a non-idempotent kernel when there is no fallback
   */
  @Override
  public PreemptionDecision decide(BlockSnapshot block) {
    if (block.kernel().idempotent()) {
      return block.progressNs() == block.program().durationNs()
          ? PreemptionDecision.drain(block, StopRules.BLOCK_END)
          : PreemptionDecision.flush(block, LEVEL);
    }
    if (fallback == KernelFallback.NONE) {
      throw new ConfigurationException("preemption '" + FlushStrategyProvider.ID + "' cannot preempt"
          + " kernel '" + block.kernel().name() + "': it is not idempotent, so its blocks cannot"
          + " be discarded and re-run; mark the kernel idempotent if re-running its blocks is"
          + " safe, or set preemption.fallback=block-boundary (or instruction-level)");
    }
    return fallback.decide(block, block.progressNs());
  }
}
