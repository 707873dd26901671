package org.preemptlab.policies.size;

import java.util.Comparator;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.policies.rank.RankedPolicy;

/**
 * Least attained service (foreground-background; Rai, Urvoy-Keller and Biersack, "Analysis of LAS
 * Scheduling for Job Size Distributions with High Variance", SIGMETRICS 2003): the job whose blocks
 * have executed the least SM time so far ({@link JobView#attainedGpuNs()}) is launched first and
 * takes free SM slots first. Needs no size estimate; new jobs overtake long-running ones at the
 * next free slot. Not preemptive: ranks change continuously, and preempting on them would thrash.
 */
public final class LasPolicy extends RankedPolicy {

  /** Creates an empty policy. */
  public LasPolicy() {
    super(false);
  }

  @Override
  protected Comparator<JobView> rank() {
    return Comparator.comparingLong(JobView::attainedGpuNs);
  }
}
