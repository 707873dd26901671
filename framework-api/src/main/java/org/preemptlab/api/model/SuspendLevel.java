package org.preemptlab.api.model;

import static org.preemptlab.api.Checks.checkArgument;

import org.preemptlab.api.API;

/**
 * How deeply a suspended queue is held back: XSched's three preemption levels (Shen et al.,
 * "XSched: Preemptive Scheduling for Diverse XPUs", OSDI'25, §4; repository XpuOS/xsched,
 * {@code kPreemptLevelBlock}, {@code kPreemptLevelDeactivate}, {@code kPreemptLevelInterrupt}).
 * Each level includes the ones below it.
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum SuspendLevel {
  /**
   * Level 1: launch nothing more from the queue. Jobs already launched (its in-flight window) run
   * to completion, so the queue goes quiet once they finish.
   */
  LAUNCH,
  /**
   * Level 2: also deactivate the queue's launched jobs: blocks that have not started stay held
   * back; blocks already on SMs run to their end.
   */
  DEACTIVATE,
  /**
   * Level 3: also interrupt the queue's running blocks with the run's preemption-point strategy
   * (instruction-level preemption stops them within the signal and save time).
   */
  INTERRUPT;

  /** XSched's number for the level: 1, 2 or 3. */
  public int number() {
    return ordinal() + 1;
  }

  /** The level with XSched's number {@code n} (1, 2 or 3). */
  public static SuspendLevel ofNumber(int n) {
    checkArgument(n >= 1 && n <= 3, "suspend level must be 1, 2 or 3, got %s", n);
    return values()[n - 1];
  }
}
