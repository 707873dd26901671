package org.preemptlab.runner.experiment;

import static com.google.common.base.Preconditions.checkArgument;

import org.preemptlab.runner.engine.EngineOptions;

/**
 * The {@code engine} section of a run configuration.
 *
 * @param creditLimit credits per hardware engine (the DRM scheduler's {@code credit_limit}); null
 *     means unlimited
 * @param checkInvariants whether to check every preemption decision against the safety rules;
 *     null means true
 * @param launchWindow the most jobs of one queue launched and unfinished at once (the queue's
 *     in-flight window); null means {@value EngineOptions#XSCHED_LAUNCH_WINDOW}, XSched's default
 *     progressive-launching threshold
 */
public record EngineConfig(Integer creditLimit, Boolean checkInvariants, Integer launchWindow) {

  /** Validates the limits. */
  public EngineConfig {
    checkArgument(creditLimit == null || creditLimit >= 1, "credit-limit must be >= 1, got %s",
        creditLimit);
    checkArgument(launchWindow == null || launchWindow >= 1, "launch-window must be >= 1, got %s",
        launchWindow);
  }

  /** Credits and invariant checks as given, the default launch window. */
  public EngineConfig(Integer creditLimit, Boolean checkInvariants) {
    this(creditLimit, checkInvariants, null);
  }

  /** Unlimited credits, invariants checked, XSched's launch window. */
  public static EngineConfig defaults() {
    return new EngineConfig(null, null, null);
  }

  /** The engine options these settings stand for. */
  public EngineOptions toOptions() {
    return new EngineOptions(creditLimit == null ? Integer.MAX_VALUE : creditLimit,
        checkInvariants == null || checkInvariants,
        launchWindow == null ? EngineOptions.XSCHED_LAUNCH_WINDOW : launchWindow);
  }
}
