package org.preemptlab.runner.experiment;

import org.preemptlab.runner.engine.EngineOptions;

/**
 * The {@code engine} section of a run configuration.
 *
 * @param creditLimit credits per hardware engine (the DRM scheduler's {@code credit_limit}); null
 *     means unlimited
 * @param checkInvariants whether to check every preemption decision against the safety rules;
 *     null means true
 */
public record EngineConfig(Integer creditLimit, Boolean checkInvariants) {

  /** Validates the credit limit. */
  public EngineConfig {
    if (creditLimit != null && creditLimit < 1) {
      throw new IllegalArgumentException("credit-limit must be >= 1, got " + creditLimit);
    }
  }

  /** Unlimited credits, invariants checked. */
  public static EngineConfig defaults() {
    return new EngineConfig(null, null);
  }

  /** The engine options these settings stand for. */
  public EngineOptions toOptions() {
    return new EngineOptions(creditLimit == null ? Integer.MAX_VALUE : creditLimit,
        checkInvariants == null || checkInvariants);
  }
}
