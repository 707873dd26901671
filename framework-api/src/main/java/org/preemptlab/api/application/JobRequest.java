package org.preemptlab.api.application;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.Objects;
import org.preemptlab.api.API;
import org.preemptlab.api.model.Kernel;

/**
 * A job an {@link Application} submits.
 *
 * @param queueId one of the application's queues
 * @param kernel what the job runs
 * @param deadlineNs an absolute deadline in ns, or {@link org.preemptlab.api.model.Job#NO_DEADLINE}
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record JobRequest(String queueId, Kernel kernel, long deadlineNs) {

  /** Checks that nothing is missing and the deadline is not negative. */
  public JobRequest {
    Objects.requireNonNull(queueId, "queueId");
    Objects.requireNonNull(kernel, "kernel");
    checkArgument(deadlineNs >= 0, "a job's deadline must be >= 0 ns, got %s", deadlineNs);
  }
}
