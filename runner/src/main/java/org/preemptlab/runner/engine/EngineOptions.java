package org.preemptlab.runner.engine;

/**
 * Settings of the engine itself, as opposed to the plugins.
 *
 * @param creditLimit credits each hardware engine may hand out to dispatched, unfinished jobs (the
 *     DRM scheduler's {@code credit_limit}), at least 1
 * @param checkInvariants whether to check every preemption decision against the safety rules
 *     (stop points never inside shared-memory, atomic or barrier segments; flush only for
 *     idempotent kernels) and fail the run on a violation
 * @param launchWindow the most jobs of one queue that may be launched and unfinished at once (the
 *     queue's in-flight window), at least 1
 */
public record EngineOptions(int creditLimit, boolean checkInvariants, int launchWindow) {

  /**
   * XSched's default in-flight threshold of an XQueue: at most 16 commands launched and not
   * completed (repository XpuOS/xsched, {@code XSCHED_DEFAULT_COMMAND_THRESHOLD}).
   */
  public static final int XSCHED_LAUNCH_WINDOW = 16;

  /** Validates the limits. */
  public EngineOptions {
    if (creditLimit < 1) {
      throw new IllegalArgumentException("credit limit must be >= 1, got " + creditLimit);
    }
    if (launchWindow < 1) {
      throw new IllegalArgumentException("launch window must be >= 1, got " + launchWindow);
    }
  }

  /** The given credits and invariant checks, with an unbounded launch window. */
  public EngineOptions(int creditLimit, boolean checkInvariants) {
    this(creditLimit, checkInvariants, Integer.MAX_VALUE);
  }

  /** Unlimited credits and launch windows, invariants checked. */
  public static EngineOptions defaults() {
    return new EngineOptions(Integer.MAX_VALUE, true, Integer.MAX_VALUE);
  }
}
