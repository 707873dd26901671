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

  /** The job's id. */
  default long id() {
    return job().id();
  }

  /** Its queue's priority. */
  default Priority priority() {
    return queue().priority();
  }

  /** When it was submitted. */
  default long submitTimeNs() {
    return job().submitTimeNs();
  }
}
