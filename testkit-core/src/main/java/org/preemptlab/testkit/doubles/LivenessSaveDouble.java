package org.preemptlab.testkit.doubles;

import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.StopPoint;

/**
 * The bundled {@code liveness} context save, for tests: the registers and shared memory live in the
 * stop point's segment, each capped at the block's allocation (registers per thread × 4 B ×
 * threads, plus shared bytes), restored in full.
 */
public final class LivenessSaveDouble implements ContextSaveStrategy {
  /** Creates the strategy. */
  public LivenessSaveDouble() {}

  @Override
  public long bytesToSave(StopPoint point) {
    Kernel kernel = point.kernel();
    Segment live = point.liveSegment();
    long registers = Math.min(live.liveRegistersPerThread(), kernel.registersPerThread());
    long shared = Math.min(live.liveSharedMemoryBytes(), kernel.sharedMemoryPerBlock());
    return registers * 4 * point.threads() + shared;
  }
}
