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
 * @param thinkTimeNs a closed-loop job's think time: it is submitted this long after its last
 *     dependency finished (or at {@code submitTimeNs}, whichever is later); 0 for open-loop jobs
 * @param kernel what it runs
 * @param closedLoop whether the job belongs to a closed-loop client: it is submitted only when its
 *     dependencies have finished (plus the think time, which may be 0), so its turnaround counts
 *     from then. An open-loop job is submitted at {@code submitTimeNs} and waits for its
 *     dependencies after submission. A closed-loop job needs at least one dependency.
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
    Kernel kernel,
    boolean closedLoop) {

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
    if (closedLoop && dependencies.isEmpty()) {
      throw new IllegalArgumentException("job " + id + " is closed-loop but has no dependency to "
          + "wait for");
    }
    if (!closedLoop && thinkTimeNs > 0) {
      throw new IllegalArgumentException("job " + id + ": a think time (" + thinkTimeNs
          + " ns) needs a closed-loop job");
    }
  }

  /**
   * An open-loop job ({@code closedLoop} false): submitted at {@code submitTimeNs}.
   *
   * @throws IllegalArgumentException if {@code thinkTimeNs} is not 0 (only closed-loop jobs think)
   */
  public Job(long id, String queueId, long submitTimeNs, int credits, List<Long> dependencies,
      long deadlineNs, long thinkTimeNs, Kernel kernel) {
    this(id, queueId, submitTimeNs, credits, dependencies, deadlineNs, thinkTimeNs, kernel, false);
  }

  /** A job with one credit, no dependencies and no deadline. */
  public static Job of(long id, String queueId, long submitTimeNs, Kernel kernel) {
    return new Job(id, queueId, submitTimeNs, 1, List.of(), NO_DEADLINE, 0, kernel, false);
  }

  /** Whether the job has a deadline. */
  public boolean hasDeadline() {
    return deadlineNs != NO_DEADLINE;
  }
}
