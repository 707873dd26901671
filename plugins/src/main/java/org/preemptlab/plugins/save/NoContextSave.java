package org.preemptlab.plugins.save;

import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.StopPoint;

/**
 * Saves and restores nothing: for strategies that never save (drain, flush), or to isolate the
 * cost of stopping from the cost of moving state. A block that does stop still pays the hardware
 * model's fixed (and per-thread) save and restore costs for 0 bytes.
 */
public final class NoContextSave implements ContextSaveStrategy {

  /** Creates the strategy. */
  public NoContextSave() {}

  /** Always 0. */
  @Override
  public long bytesToSave(StopPoint point) {
    return 0;
  }

  /** Always 0. */
  @Override
  public long bytesToRestore(StopPoint point) {
    return 0;
  }
}
