package org.preemptlab.api.model;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.Objects;
import org.preemptlab.api.API;

/**
 * A software queue of jobs (a DRM entity, a CUDA stream, an XSched XQueue). Jobs of one queue are
 * dispatched in submission order.
 *
 * @param id unique name of the queue
 * @param contextId the context the queue belongs to
 * @param priority its priority
 * @param weight a nice/weight value for weighted policies, at least 1
 * @param engine the kind of engine its jobs run on
 * @param serial whether each job also waits for the previous job of the queue to finish (CUDA
 *     stream semantics); otherwise jobs only dispatch in order and may overlap (DRM ring semantics)
 * @param launchWindow this queue's own in-flight window (XSched's per-XQueue progressive-launching
 *     threshold, {@code XQueueSetLaunchConfig}): the most of its jobs launched and not yet known to
 *     be finished; 0 (the default) uses the engine's window for every queue
 * @param launchBatch this queue's own launch batch (XSched's per-XQueue batch size): every
 *     batch-th launched job is a synchronisation point that frees the window; 0 (the default) uses
 *     the engine's batch. When both are set the batch is at most the window
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record JobQueue(
    String id, String contextId, Priority priority, int weight, EngineKind engine, boolean serial,
    int launchWindow, int launchBatch) {

  /** Validates the fields. */
  public JobQueue {
    Ids.check("queue", id);
    Ids.check("context", contextId);
    Objects.requireNonNull(priority, "priority");
    Objects.requireNonNull(engine, "engine");
    checkArgument(weight >= 1, "queue '%s': weight must be >= 1, got %s", id, weight);
    checkArgument(launchWindow >= 0, "queue '%s': launch-window must be >= 1, or 0 for the"
        + " engine's, got %s", id, launchWindow);
    checkArgument(launchBatch >= 0, "queue '%s': launch-batch must be >= 1, or 0 for the"
        + " engine's, got %s", id, launchBatch);
    checkArgument(launchWindow == 0 || launchBatch <= launchWindow, "queue '%s': launch-batch"
        + " (%s) must not exceed launch-window (%s)", id, launchBatch, launchWindow);
  }

  /**
   * A queue that uses the engine's launch window and batch.
   *
   * @param id unique name of the queue
   * @param contextId the context the queue belongs to
   * @param priority its priority
   * @param weight a nice/weight value for weighted policies, at least 1
   * @param engine the kind of engine its jobs run on
   * @param serial whether each job also waits for the previous job of the queue to finish
   * @since 0.1
   */
  public JobQueue(
      String id, String contextId, Priority priority, int weight, EngineKind engine,
      boolean serial) {
    this(id, contextId, priority, weight, engine, serial, 0, 0);
  }
}
