package org.preemptlab.api.policy;

import org.preemptlab.api.API;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;

/**
 * A read-only view of a job as the engine sees it now. Views are live: their counters change as the
 * simulation advances, so a policy must not cache derived values across callbacks.
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface JobView {

  /** The job as submitted. */
  Job job();

  /** The queue it belongs to. */
  JobQueue queue();

  /** Its current state. */
  JobState state();

  /** When it became ready, or -1 if it is not ready yet. */
  long readyTimeNs();

  /** When its first block started executing (after launch and dispatch latency), or -1. */
  long firstStartNs();

  /** When its last block completed, or -1. */
  long finishTimeNs();

  /** Blocks not yet placed, including blocks evicted by a preemption. */
  int pendingBlocks();

  /** Blocks resident on SMs now. */
  int residentBlocks();

  /** Blocks completed. */
  int finishedBlocks();

  /** How many times the job has been preempted so far. */
  int preemptions();

  /**
   * SM time its blocks have executed so far, in SM·ns: the sum over blocks of the time each spent
   * executing on an SM, up to now (including work later lost to a flush, excluding dispatch, save
   * and restore time). Engines that do not track it throw {@link UnsupportedOperationException}.
   *
   * @since 0.1
   */
  default long attainedGpuNs() {
    throw new UnsupportedOperationException("this engine does not track attained GPU time");
  }

  /**
   * Whether a preemption of some of its blocks is under way (requested, and not every block it
   * covers has left its SM yet). False on engines without preemption.
   *
   * @since 0.1
   */
  default boolean preemptionPending() {
    return false;
  }

  /**
   * Whether the job is held back: its own suspension ({@link SchedulerView#suspend(JobView)}) or
   * its queue's at {@link org.preemptlab.api.model.SuspendLevel#DEACTIVATE} or deeper. A held job
   * places no new blocks. False on engines without suspension.
   *
   * @since 0.1
   */
  default boolean heldBack() {
    return false;
  }

  /**
   * Blocks not yet completed: {@code grid blocks - finishedBlocks()}.
   *
   * @since 0.1
   */
  default int remainingBlocks() {
    return job().kernel().gridBlocks() - finishedBlocks();
  }

  /**
   * Its absolute deadline in ns, or {@link org.preemptlab.api.model.Job#NO_DEADLINE}.
   *
   * @since 0.1
   */
  default long deadlineNs() {
    return job().deadlineNs();
  }

  /** The job's id. */
  default long id() {
    return job().id();
  }

  /** Its queue's priority now (engines that let policies change it report the current one). */
  default Priority priority() {
    return queue().priority();
  }

  /** When it was submitted. */
  default long submitTimeNs() {
    return job().submitTimeNs();
  }
}
