package org.preemptlab.runner.engine;

/**
 * Settings of the engine itself, as opposed to the plugins.
 *
 * @param creditLimit credits each hardware engine may hand out to dispatched, unfinished jobs (the
 *     DRM scheduler's {@code credit_limit}), at least 1
 * @param checkInvariants whether to check every preemption decision against the safety rules
 *     (stop points never inside shared-memory, atomic or barrier segments; flush only for
 *     idempotent kernels) and fail the run on a violation
 */
public record EngineOptions(int creditLimit, boolean checkInvariants) {

  /** Validates the credit limit. */
  public EngineOptions {
    if (creditLimit < 1) {
      throw new IllegalArgumentException("credit limit must be >= 1, got " + creditLimit);
    }
  }

  /** Unlimited credits, invariants checked. */
  public static EngineOptions defaults() {
    return new EngineOptions(Integer.MAX_VALUE, true);
  }
}
