package org.preemptlab.plugins.preemption.shared;

import java.util.List;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.StopRules;
import org.preemptlab.plugins.preemption.blockboundary.BlockBoundaryStrategy;
import org.preemptlab.plugins.preemption.instructionlevel.InstructionLevelStrategy;

/**
 * The kernel-level mechanism a strategy falls back to when its own does not apply ({@code
 * hybrid}: a context that does not yield, or no yield point within the grace period; {@code
 * flush}: a non-idempotent kernel).
 */
public enum KernelFallback {
  /** No fallback: the strategy refuses the block. */
  NONE("none"),
  /** Drain the block to its end (level {@value BlockBoundaryStrategy#LEVEL}). */
  BLOCK_BOUNDARY("block-boundary"),
  /**
   * Native instruction-level preemption: stop at the next safe stop and save (level {@value
   * InstructionLevelStrategy#LEVEL}); needs a device that supports it.
   */
  INSTRUCTION_LEVEL("instruction-level");

  private final String id;

  KernelFallback(String id) {
    this.id = id;
  }

  /** The parameter value, e.g. {@code "block-boundary"}. */
  public String id() {
    return id;
  }

  /**
   * The fallback named {@code id} among {@code allowed}.
   *
   * @throws ConfigurationException naming the valid values if there is none
   */
  public static KernelFallback of(String id, List<KernelFallback> allowed) {
    for (KernelFallback fallback : allowed) {
      if (fallback.id.equals(id)) {
        return fallback;
      }
    }
    throw ConfigurationException.unknown("fallback", id,
        allowed.stream().map(KernelFallback::id).toList());
  }

  /**
   * Checks that {@code device} (null when none is known yet) can serve this fallback.
   *
   * @param strategyId the id of the strategy, for the message
   * @throws ConfigurationException if the fallback needs instruction-level preemption and the
   *     device lacks it
   */
  public void checkDevice(String strategyId, DeviceSpec device) {
    if (this == INSTRUCTION_LEVEL && device != null && !device.instructionLevelPreemption()) {
      throw new ConfigurationException("preemption '" + strategyId + "' falls back to"
          + " instruction-level preemption, which device '" + device.name() + "' lacks; set"
          + " preemption.fallback=block-boundary, or set"
          + " hardware.instruction-level-preemption=true");
    }
  }

  /**
   * The decision of this fallback for {@code block} once it is applied at program offset {@code
   * fromNs} (at or after the block's progress): block-boundary drains, instruction-level stops at
   * the first safe stop at or after {@code fromNs}. A block whose end comes first drains with
   * level {@value StopRules#BLOCK_END}.
   *
   * @throws IllegalStateException for {@link #NONE}, which decides nothing
   */
  public PreemptionDecision decide(BlockSnapshot block, long fromNs) {
    long end = block.program().durationNs();
    return switch (this) {
      case NONE -> throw new IllegalStateException("no fallback configured");
      case BLOCK_BOUNDARY -> PreemptionDecision.drain(block,
          fromNs >= end ? StopRules.BLOCK_END : BlockBoundaryStrategy.LEVEL);
      case INSTRUCTION_LEVEL -> StopRules.saveAtOrFinish(block,
          StopRules.nextSafeStop(block.program(), Math.min(fromNs, end)),
          InstructionLevelStrategy.LEVEL);
    };
  }
}
