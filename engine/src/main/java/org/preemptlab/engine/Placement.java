package org.preemptlab.engine;

import java.util.Set;
import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.SmSet;

/**
 * What the launcher and the policies' view ask of block placement ({@link BlockScheduler}): take
 * a launched job's blocks, drop them on a reset, re-rank a queue's jobs, and say what is on the
 * device.
 */
interface Placement {
  /** A launched job with blocks to place joins placement order (once). */
  void enter(SimJob job);

  /**
   * Drops a job's blocks (a reset): resident ones leave their SMs at once without completing, and
   * none of its other blocks will be placed.
   */
  void drop(SimJob job);

  /** Changes something the hardware order depends on (a queue's priority) for a queue's jobs. */
  void reorder(SimQueue queue, Runnable change);

  /** Whether any block is resident or any launched job still has blocks to place. */
  boolean deviceBusy();

  /** Whether {@code context} has blocks resident, waiting for placement, or switched out. */
  boolean contextBusy(SimContext context);

  /** The jobs with a block on an SM, in residency order (live, not a copy). */
  Set<SimJob> residentJobs();

  /** Null if {@code set} is a usable SM restriction, else the refusal. */
  ActionOutcome checkSmSet(SmSet set);
}
