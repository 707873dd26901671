package org.preemptlab.api.application;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.List;
import org.preemptlab.api.API;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;

/**
 * The contexts and queues an {@link Application} submits to, declared before the run.
 *
 * @param contexts its GPU contexts, at least one
 * @param queues its queues, each in one of its contexts, at least one
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record ApplicationResources(List<GpuContext> contexts, List<JobQueue> queues) {

  /** Copies the lists and checks that every queue names one of the contexts. */
  public ApplicationResources {
    contexts = List.copyOf(contexts);
    queues = List.copyOf(queues);
    checkArgument(!contexts.isEmpty() && !queues.isEmpty(), "an application needs at least one "
        + "context and one queue");
    for (JobQueue queue : queues) {
      checkArgument(contexts.stream().anyMatch(c -> c.id().equals(queue.contextId())),
          "application queue '%s' names context '%s', which the application does not declare",
          queue.id(), queue.contextId());
    }
  }

  /**
   * One context named after the queue and one serial compute queue (a CUDA stream) of the given
   * priority and weight 1.
   */
  public static ApplicationResources oneQueue(String queueId, Priority priority) {
    return new ApplicationResources(List.of(new GpuContext(queueId, false)),
        List.of(new JobQueue(queueId, queueId, priority, 1, EngineKind.COMPUTE, true)));
  }
}
