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
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record JobQueue(
    String id, String contextId, Priority priority, int weight, EngineKind engine, boolean serial) {

  /** Validates the fields. */
  public JobQueue {
    Ids.check("queue", id);
    Ids.check("context", contextId);
    Objects.requireNonNull(priority, "priority");
    Objects.requireNonNull(engine, "engine");
    checkArgument(weight >= 1, "queue '%s': weight must be >= 1, got %s", id, weight);
  }
}
