package org.preemptlab.runner.experiment;

import static com.google.common.base.Preconditions.checkArgument;

import org.preemptlab.engine.EngineOptions;

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
 * @param launchBatch XSched's batch size: the window frees its slots only when every
 *     batch-th launched job finishes ({@link EngineOptions#launchBatch()}); null means 1
 * @param inOrder whether a queue's launched jobs run one after another, as kernels of one CUDA
 *     stream ({@link EngineOptions#inOrderQueues()}); null means false
 * @param aggregateBlocks whether blocks that nothing can tell apart until they end are simulated
 *     as one group ({@link EngineOptions#aggregateBlocks()}; results are identical either way);
 *     null means true, and is left out of a written configuration
 */
public record EngineConfig(Integer creditLimit, Boolean checkInvariants, Integer launchWindow,
    Integer launchBatch, Boolean inOrder,
    @com.fasterxml.jackson.annotation.JsonInclude(
        com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    Boolean aggregateBlocks) {

  /** Validates the limits. */
  public EngineConfig {
    checkArgument(creditLimit == null || creditLimit >= 1, "credit-limit must be >= 1, got %s",
        creditLimit);
    checkArgument(launchWindow == null || launchWindow >= 1, "launch-window must be >= 1, got %s",
        launchWindow);
    int window = launchWindow == null ? EngineOptions.XSCHED_LAUNCH_WINDOW : launchWindow;
    checkArgument(launchBatch == null || launchBatch >= 1 && launchBatch <= window,
        "launch-batch must be between 1 and launch-window (%s), got %s", window, launchBatch);
  }

  /** The given settings, blocks aggregated (the default). */
  public EngineConfig(Integer creditLimit, Boolean checkInvariants, Integer launchWindow,
      Integer launchBatch, Boolean inOrder) {
    this(creditLimit, checkInvariants, launchWindow, launchBatch, inOrder, null);
  }

  /** Credits, invariant checks and window as given; batch 1, queues not in order. */
  public EngineConfig(Integer creditLimit, Boolean checkInvariants, Integer launchWindow) {
    this(creditLimit, checkInvariants, launchWindow, null, null);
  }

  /** Credits and invariant checks as given, the default launch window. */
  public EngineConfig(Integer creditLimit, Boolean checkInvariants) {
    this(creditLimit, checkInvariants, null);
  }

  /** Unlimited credits, invariants checked, XSched's launch window. */
  public static EngineConfig defaults() {
    return new EngineConfig(null, null, null);
  }

  /** The same settings with another credit limit. */
  public EngineConfig withCreditLimit(Integer limit) {
    return new EngineConfig(limit, checkInvariants, launchWindow, launchBatch, inOrder,
        aggregateBlocks);
  }

  /** The same settings with invariant checks on or off. */
  public EngineConfig withCheckInvariants(Boolean check) {
    return new EngineConfig(creditLimit, check, launchWindow, launchBatch, inOrder,
        aggregateBlocks);
  }

  /** The same settings with another launch window. */
  public EngineConfig withLaunchWindow(Integer window) {
    return new EngineConfig(creditLimit, checkInvariants, window, launchBatch, inOrder,
        aggregateBlocks);
  }

  /** The same settings with another launch batch. */
  public EngineConfig withLaunchBatch(Integer batch) {
    return new EngineConfig(creditLimit, checkInvariants, launchWindow, batch, inOrder,
        aggregateBlocks);
  }

  /** The same settings with queues in order or not. */
  public EngineConfig withInOrder(Boolean order) {
    return new EngineConfig(creditLimit, checkInvariants, launchWindow, launchBatch, order,
        aggregateBlocks);
  }

  /** The same settings with block aggregation on or off (null: the default, on). */
  public EngineConfig withAggregateBlocks(Boolean aggregate) {
    return new EngineConfig(creditLimit, checkInvariants, launchWindow, launchBatch, inOrder,
        aggregate);
  }

  /** The engine options these settings stand for. */
  public EngineOptions toOptions() {
    return new EngineOptions(creditLimit == null ? Integer.MAX_VALUE : creditLimit,
        checkInvariants == null || checkInvariants,
        launchWindow == null ? EngineOptions.XSCHED_LAUNCH_WINDOW : launchWindow,
        launchBatch == null ? 1 : launchBatch, inOrder != null && inOrder,
        aggregateBlocks == null || aggregateBlocks);
  }
}
