package org.preemptlab.api.model;

import java.util.List;
import java.util.Objects;
import org.preemptlab.api.API;

/**
 * One submission to a queue: a kernel launch.
 *
 * @param id unique id of the job within the workload
 * @param queueId the queue it is submitted to
 * @param submitTimeNs when it is submitted, at least 0
 * @param credits how many of its engine's credits it holds while dispatched, at least 1
 * @param dependencies ids of jobs that must finish before this one is ready
 * @param deadlineNs absolute deadline in ns, or {@link #NO_DEADLINE}
 * @param thinkTimeNs a closed-loop client's think time: the job is submitted this long after its
 *     last dependency finished (or at {@code submitTimeNs}, whichever is later); 0 for open-loop jobs
 * @param kernel what it runs
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Job(
    long id,
    String queueId,
    long submitTimeNs,
    int credits,
    List<Long> dependencies,
    long deadlineNs,
    long thinkTimeNs,
    Kernel kernel) {

  /** The value of {@link #deadlineNs()} for a job without a deadline. */
  public static final long NO_DEADLINE = Long.MAX_VALUE;

  /** Validates the fields. */
  public Job {
    Objects.requireNonNull(queueId, "queueId");
    Objects.requireNonNull(kernel, "kernel");
    dependencies = List.copyOf(dependencies);
    if (submitTimeNs < 0) {
      throw new IllegalArgumentException("job " + id + ": submit time must be >= 0 ns, got "
          + submitTimeNs);
    }
    if (credits < 1) {
      throw new IllegalArgumentException("job " + id + ": credits must be >= 1, got " + credits);
    }
    if (deadlineNs < 0) {
      throw new IllegalArgumentException("job " + id + ": deadline must be >= 0 ns, got "
          + deadlineNs);
    }
    if (thinkTimeNs < 0) {
      throw new IllegalArgumentException("job " + id + ": think time must be >= 0 ns, got "
          + thinkTimeNs);
    }
    if (dependencies.contains(id)) {
      throw new IllegalArgumentException("job " + id + " depends on itself");
    }
  }

  /** A job with one credit, no dependencies and no deadline. */
  public static Job of(long id, String queueId, long submitTimeNs, Kernel kernel) {
    return new Job(id, queueId, submitTimeNs, 1, List.of(), NO_DEADLINE, 0, kernel);
  }

  /** Whether the job has a deadline. */
  public boolean hasDeadline() {
    return deadlineNs != NO_DEADLINE;
  }
}
