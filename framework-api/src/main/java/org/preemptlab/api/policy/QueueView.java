package org.preemptlab.api.policy;

import java.util.Optional;
import org.preemptlab.api.API;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SuspendLevel;

/**
 * A read-only, live view of one queue: what a policy sees of it now (its current priority and
 * weight, whether it is suspended, the GPU time its jobs have used and the jobs it has in flight).
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface QueueView {

  /** The queue as the workload declared it. */
  JobQueue spec();

  /** Its priority now: the declared one unless changed since. */
  Priority priority();

  /** Its weight now: the declared one unless changed since. */
  int weight();

  /** How deeply it is suspended, or empty if it is not. */
  Optional<SuspendLevel> suspension();

  /**
   * SM time its jobs' blocks have executed so far, in SM·ns: the sum over blocks of the time each
   * spent executing on an SM (including work later lost to a flush, excluding dispatch, save and
   * restore time).
   */
  long attainedGpuNs();

  /** Its jobs launched and not finished (its in-flight window's occupancy). */
  int launchedJobs();

  /** Its jobs submitted and not yet launched (waiting for dependencies, the window or the policy). */
  int waitingJobs();

  /**
   * The SMs the run's spatial sharing confines this queue to: its MPS client's share of the SMs
   * (an active-thread percentage), its MIG instance, or its green context's SM partition; empty
   * when it may use every SM. A policy may restrict the queue and its jobs further with {@link
   * SchedulerView#restrictSms(String, SmSet)} within this set; a restriction that reaches outside
   * it is refused. Lifting a restriction ({@code null}) returns the queue to this set.
   *
   * @since 0.2
   */
  @API(status = API.Status.EXPERIMENTAL, since = "0.2")
  default Optional<SmSet> partition() {
    return Optional.empty();
  }

  /** The queue's id. */
  default String id() {
    return spec().id();
  }

  /** Whether it is suspended. */
  default boolean suspended() {
    return suspension().isPresent();
  }
}
