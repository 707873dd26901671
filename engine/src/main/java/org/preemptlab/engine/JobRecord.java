package org.preemptlab.engine;

import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Priority;

/**
 * What happened to one job. Times are absolute ns.
 *
 * @param jobId the job's id
 * @param queueId its queue
 * @param contextId its queue's context
 * @param priority its queue's priority
 * @param engine its queue's engine
 * @param kernel its kernel's name
 * @param blocks its grid size
 * @param submitNs when it was submitted (for closed-loop jobs: after the think time)
 * @param readyNs when it became ready
 * @param dispatchNs when its engine dispatched it
 * @param firstStartNs when its first block started executing
 * @param finishNs when its last block completed
 * @param preemptions times it was preempted
 * @param bytesSaved context bytes its blocks saved
 * @param bytesRestored context bytes its blocks restored
 * @param lostWorkNs block execution time discarded by flushes
 * @param deadlineNs its absolute deadline, or {@link Job#NO_DEADLINE}
 */
public record JobRecord(
    long jobId,
    String queueId,
    String contextId,
    Priority priority,
    EngineKind engine,
    String kernel,
    int blocks,
    long submitNs,
    long readyNs,
    long dispatchNs,
    long firstStartNs,
    long finishNs,
    int preemptions,
    long bytesSaved,
    long bytesRestored,
    long lostWorkNs,
    long deadlineNs) {

  /** Finish minus submit. */
  public long turnaroundNs() {
    return finishNs - submitNs;
  }

  /** First start minus submit. */
  public long waitingNs() {
    return firstStartNs - submitNs;
  }

  /** Whether it had a deadline and finished after it. */
  public boolean missedDeadline() {
    return deadlineNs != Job.NO_DEADLINE && finishNs > deadlineNs;
  }
}
