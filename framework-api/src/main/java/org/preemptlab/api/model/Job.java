package org.preemptlab.api.model;

import static org.preemptlab.api.Checks.checkArgument;

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
 * @param preparationNs how long the application prepares this submission (copies or preprocesses
 *     its input) just before it submits it, at least 0 (0: no preparation phase). The job is
 *     submitted at its own time as above; the preparation is the last {@code preparationNs} before
 *     it, and the engine announces it to the job's policy when it starts ({@link
 *     org.preemptlab.api.policy.SchedulingPolicy#onPreparation}), as GPreempt's clients hint
 *     their pre-preemption (Fan et al., USENIX ATC 2025). A preparation that would start before 0
 *     or, for a closed-loop job, before its last dependency finished, is announced then; since 0.2
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
    boolean closedLoop,
    long preparationNs) {

  /** The value of {@link #deadlineNs()} for a job without a deadline. */
  public static final long NO_DEADLINE = Long.MAX_VALUE;

  /** Validates the fields. */
  public Job {
    Objects.requireNonNull(queueId, "queueId");
    Objects.requireNonNull(kernel, "kernel");
    dependencies = List.copyOf(dependencies);
    // The engine builds a job's record from the workload's columns when it submits the job
    // (JobList): the checks, which box their arguments, run only when a value is out of range.
    boolean valid = submitTimeNs >= 0 && credits >= 1 && deadlineNs >= 0 && thinkTimeNs >= 0
        && preparationNs >= 0
        && (dependencies.isEmpty() || !dependencies.contains(id))
        && (closedLoop ? !dependencies.isEmpty() : thinkTimeNs <= 0);
    if (!valid) {
      checkArgument(preparationNs >= 0, "job %s: preparation must be >= 0 ns, got %s", id,
          preparationNs);
      throwFirstViolation(id, submitTimeNs, credits, dependencies, deadlineNs, thinkTimeNs,
          closedLoop);
    }
  }

  /**
   * A job without a preparation phase.
   *
   * @since 0.1
   */
  public Job(long id, String queueId, long submitTimeNs, int credits, List<Long> dependencies,
      long deadlineNs, long thinkTimeNs, Kernel kernel, boolean closedLoop) {
    this(id, queueId, submitTimeNs, credits, dependencies, deadlineNs, thinkTimeNs, kernel,
        closedLoop, 0);
  }

  /**
   * The same job with a preparation phase of {@code newPreparationNs}.
   *
   * @since 0.2
   */
  public Job withPreparation(long newPreparationNs) {
    return new Job(id, queueId, submitTimeNs, credits, dependencies, deadlineNs, thinkTimeNs,
        kernel, closedLoop, newPreparationNs);
  }

  private static void throwFirstViolation(long id, long submitTimeNs, int credits,
      List<Long> dependencies, long deadlineNs, long thinkTimeNs, boolean closedLoop) {
    checkArgument(submitTimeNs >= 0, "job %s: submit time must be >= 0 ns, got %s", id,
        submitTimeNs);
    checkArgument(credits >= 1, "job %s: credits must be >= 1, got %s", id, credits);
    checkArgument(deadlineNs >= 0, "job %s: deadline must be >= 0 ns, got %s", id, deadlineNs);
    checkArgument(thinkTimeNs >= 0, "job %s: think time must be >= 0 ns, got %s", id, thinkTimeNs);
    checkArgument(!dependencies.contains(id), "job %s depends on itself", id);
    checkArgument(!closedLoop || !dependencies.isEmpty(), "job %s is closed-loop but has no "
        + "dependency to wait for", id);
    checkArgument(closedLoop || thinkTimeNs <= 0, "job %s: a think time (%s ns) needs a "
        + "closed-loop job", id, thinkTimeNs);
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
