package org.preemptlab.engine;

/**
 * What the preemptor asks of block placement ({@link BlockScheduler}): ready a victim's blocks to
 * be preempted one by one, let a stopped block leave its SM to be placed again later, and name the
 * job a blocked-job callback is deciding for.
 */
interface Eviction {
  /**
   * Readies {@code victim}'s resident blocks to be preempted one by one: from now on each of them
   * completes, stops or is flushed by its own event. Call before changing any of them.
   */
  void prepareToPreempt(SimJob victim);

  /**
   * A stopped block (saved or flushed) leaves its SM; its job places it again later, resuming as
   * {@code resume} says. Its object is reused for a later residency: read nothing of it afterwards.
   */
  void evict(ResidentBlock block, SimJob.Resumable resume);

  /** The job whose placement a policy callback is deciding, if any (the waiter it preempts for). */
  SimJob blockedJobInCallback();
}
