package org.preemptlab.engine;

/**
 * What the preemptor asks of block placement ({@link BlockScheduler}): tell a job's blocks apart,
 * let a stopped block leave its SM to be placed again later, and name the job a blocked-job
 * callback is deciding for.
 */
interface Eviction {
  /**
   * Gives every block of {@code job} that completes in a group its own completion event: call
   * before treating the job's resident blocks one by one.
   */
  void splitGroups(SimJob job);

  /**
   * A stopped block (saved or flushed) leaves its SM; its job places it again later, resuming as
   * {@code resume} says.
   */
  void evict(ResidentBlock block, SimJob.Resumable resume);

  /** The job whose placement a policy callback is deciding, if any (the waiter it preempts for). */
  SimJob blockedJobInCallback();
}
