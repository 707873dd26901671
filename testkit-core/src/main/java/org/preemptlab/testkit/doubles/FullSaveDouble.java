package org.preemptlab.testkit.doubles;

import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.StopPoint;

/**
 * The bundled {@code full} context save, for tests: a block's whole allocation wherever it stopped
 * ({@link org.preemptlab.api.model.Kernel#contextBytesPerBlock}), restored in full.
 */
public final class FullSaveDouble implements ContextSaveStrategy {
  /** Creates the strategy. */
  public FullSaveDouble() {}

  @Override
  public long bytesToSave(StopPoint point) {
    return point.kernel().contextBytesPerBlock();
  }
}
