package org.preemptlab.plugins.save;

import static com.google.common.base.Preconditions.checkArgument;

import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.StopPoint;

/**
 * Saves the live state ({@link LivenessContextSave}) compressed by a fixed ratio, as Lin et al.'s
 * lightweight context switching combines liveness and register compression (SC'16): {@code
 * ceil(live bytes × ratio)}. A resumed block reads back the same compressed bytes, so restore
 * moves as many bytes as save; the hardware model times the two with its own save and restore
 * costs.
 */
public final class CompressedContextSave implements ContextSaveStrategy {
  private final LivenessContextSave liveness = new LivenessContextSave();
  private final double ratio;

  /**
   * Creates the strategy.
   *
   * @param ratio compressed size over live size, in (0, 1]
   */
  public CompressedContextSave(double ratio) {
    checkArgument(ratio > 0 && ratio <= 1, "compression ratio must be in (0, 1], got %s", ratio);
    this.ratio = ratio;
  }

  /** The live bytes times the ratio, rounded up. */
  @Override
  public long bytesToSave(StopPoint point) {
    return (long) Math.ceil(liveness.bytesToSave(point) * ratio);
  }

  /** The compressed bytes, as saved. */
  @Override
  public long bytesToRestore(StopPoint point) {
    return bytesToSave(point);
  }
}
