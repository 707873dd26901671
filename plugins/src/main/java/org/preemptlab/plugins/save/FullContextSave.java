package org.preemptlab.plugins.save;

import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.StopPoint;

/**
 * Saves a block's whole allocation wherever it stopped: registers per thread × 4 B × threads per
 * block, plus the block's shared memory.
 */
public final class FullContextSave implements ContextSaveStrategy {

  /** Creates the strategy. */
  public FullContextSave() {}

  /** The block's whole allocation, {@link org.preemptlab.api.model.Kernel#contextBytesPerBlock}. */
  @Override
  public long bytesToSave(StopPoint point) {
    return point.kernel().contextBytesPerBlock();
  }
}
