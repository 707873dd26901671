package org.preemptlab.plugins.save;

import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.StopPoint;

/**
 * Saves only the state live at the stop point, taken from {@link StopPoint#liveSegment()}: live
 * registers per thread × 4 B × threads, plus the live shared memory. Each part is capped at the
 * block's allocation, so the result never exceeds {@link FullContextSave}'s.
 */
public final class LivenessContextSave implements ContextSaveStrategy {

  /** Creates the strategy. */
  public LivenessContextSave() {}

  /** The live registers and live shared memory of the stop point's segment, capped as above. */
  @Override
  public long bytesToSave(StopPoint point) {
    Kernel kernel = point.kernel();
    Segment live = point.liveSegment();
    long registers = Math.min(live.liveRegistersPerThread(), kernel.registersPerThread());
    long shared = Math.min(live.liveSharedMemoryBytes(), kernel.sharedMemoryPerBlock());
    return registers * 4 * point.threads() + shared;
  }
}
