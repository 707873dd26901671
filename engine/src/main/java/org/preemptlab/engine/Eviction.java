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

  /**
   * Whether blocks of {@code job} may leave their SMs together ({@link #evictTogether}): nothing
   * would observe the device between two of their evictions.
   */
  boolean canEvictTogether(SimJob job);

  /**
   * Stopped blocks {@code blocks[from, to)} of one job, whose evictions nothing would observe in
   * between ({@link #canEvictTogether}) and whose job is already waiting for placement, leave their
   * SMs with the results of one {@link #evict} per block in that order, each to resume as {@code
   * resumes[i]} says. Their objects are reused: read nothing of them afterwards.
   */
  void evictTogether(ResidentBlock[] blocks, SimJob.Resumable[] resumes, int from, int to);

  /** The job whose placement a policy callback is deciding, if any (the waiter it preempts for). */
  SimJob blockedJobInCallback();
}
