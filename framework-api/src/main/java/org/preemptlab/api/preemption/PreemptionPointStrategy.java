package org.preemptlab.api.preemption;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.API;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Kernel;

/**
 * Decides where a resident block of a preempted kernel may stop, and what supporting preemption
 * costs while nobody preempts. One instance per run.
 *
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface PreemptionPointStrategy {

  /**
   * How {@code block} gives up its SM. A {@link BlockAction#SAVE} must stop at a point where
   * {@link PreemptionDecision#isSafeStop} holds, at or after the block's progress; a {@link
   * BlockAction#FLUSH} is only allowed for idempotent kernels.
   */
  PreemptionDecision decide(BlockSnapshot block);

  /**
   * How each block resident on one SM gives up the SM, for strategies that choose per SM rather
   * than per block (for example Chimera's collaborative preemption, which picks the cheapest
   * mechanism that frees the whole SM within a latency target). The engine calls this once per SM
   * of the victim, with that SM's participating blocks in residency order; the answer must have one
   * decision per block, in the same order. The default asks {@link #decide} for each block.
   */
  default List<PreemptionDecision> decideSm(List<BlockSnapshot> blocksOnOneSm) {
    List<PreemptionDecision> decisions = new ArrayList<>(blocksOnOneSm.size());
    for (BlockSnapshot block : blocksOnOneSm) {
      decisions.add(decide(block));
    }
    return decisions;
  }

  /**
   * The program as it executes under this strategy, for example with the cost of compiled-in
   * checks added. Called once per kernel before any of its blocks runs; the default is the program
   * unchanged.
   */
  default BlockProgram instrument(Kernel kernel, BlockProgram program, DeviceSpec device) {
    return program;
  }
}
