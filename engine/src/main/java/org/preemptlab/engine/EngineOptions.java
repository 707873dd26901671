package org.preemptlab.engine;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Settings of the engine itself, as opposed to the plugins.
 *
 * @param creditLimit credits each hardware engine may hand out to dispatched, unfinished jobs (the
 *     DRM scheduler's {@code credit_limit}), at least 1
 * @param checkInvariants whether to check every preemption decision against the safety rules
 *     (stop points never inside shared-memory, atomic or barrier segments; flush only for
 *     idempotent kernels) and fail the run on a violation
 * @param launchWindow the most jobs of one queue that may be launched and not yet known to be
 *     finished at once (the queue's in-flight window, XSched's progressive-launching threshold), at
 *     least 1; a queue's own {@link org.preemptlab.api.model.JobQueue#launchWindow()} (and
 *     batch) overrides it for that queue
 * @param launchBatch XSched's batch size: every {@code launchBatch}-th launched job of a queue is a
 *     synchronisation point, and the window learns that jobs finished only when such a job
 *     finishes (it then frees the slots of every finished job launched up to it). 1 frees a slot
 *     as each job finishes. At least 1 and at most {@code launchWindow}, as XSched asserts
 *     (XpuOS/xsched: {@code preempt/src/xqueue/launch_worker.cpp})
 * @param inOrderQueues whether the launched jobs of one queue run one after another, as kernels
 *     of one CUDA stream do: a launched job places no block until the job launched before it in its
 *     queue has finished. Otherwise launched jobs of a queue may run side by side
 * @param aggregateBlocks whether blocks of one kernel placed together that nothing can tell apart
 *     until they end complete as one group, with one event ({@link BlockScheduler}); results are
 *     identical either way, only the cost differs (docs/performance.md, "Exact aggregation")
 */
public record EngineOptions(int creditLimit, boolean checkInvariants, int launchWindow,
    int launchBatch, boolean inOrderQueues, boolean aggregateBlocks) {

  /**
   * XSched's default in-flight threshold of an XQueue: at most 16 commands launched and not
   * completed (repository XpuOS/xsched, {@code XSCHED_DEFAULT_COMMAND_THRESHOLD}).
   */
  public static final int XSCHED_LAUNCH_WINDOW = 16;

  /** Validates the limits. */
  public EngineOptions {
    checkArgument(creditLimit >= 1, "credit limit must be >= 1, got %s", creditLimit);
    checkArgument(launchWindow >= 1, "launch window must be >= 1, got %s", launchWindow);
    checkArgument(launchBatch >= 1 && launchBatch <= launchWindow,
        "launch batch must be between 1 and the launch window (%s), got %s", launchWindow,
        launchBatch);
  }

  /** The given settings, with blocks aggregated. */
  public EngineOptions(int creditLimit, boolean checkInvariants, int launchWindow,
      int launchBatch, boolean inOrderQueues) {
    this(creditLimit, checkInvariants, launchWindow, launchBatch, inOrderQueues, true);
  }

  /** The same settings with block aggregation on or off. */
  public EngineOptions withAggregateBlocks(boolean aggregate) {
    return new EngineOptions(creditLimit, checkInvariants, launchWindow, launchBatch,
        inOrderQueues, aggregate);
  }

  /** The given credits, invariant checks and window; batch 1, queues not in order. */
  public EngineOptions(int creditLimit, boolean checkInvariants, int launchWindow) {
    this(creditLimit, checkInvariants, launchWindow, 1, false);
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
