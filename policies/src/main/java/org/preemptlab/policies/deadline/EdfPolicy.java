package org.preemptlab.policies.deadline;

import java.util.Comparator;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.policies.rank.RankedPolicy;

/**
 * Earliest deadline first (Liu and Layland, "Scheduling Algorithms for Multiprogramming in a
 * Hard-Real-Time Environment", JACM 20(1), 1973): the job with the earliest absolute deadline is
 * launched first and its blocks take free SM slots first; jobs without a deadline come last, in
 * submission order. Optionally preemptive: a blocked job preempts, for itself, the resident job
 * with the latest deadline behind its own.
 */
public final class EdfPolicy extends RankedPolicy {

  /**
   * Creates an empty policy.
   *
   * @param preemptive whether a blocked job preempts a resident job with a later deadline
   */
  public EdfPolicy(boolean preemptive) {
    super(preemptive);
  }

  @Override
  protected Comparator<JobView> rank() {
    return Comparator.comparingLong(JobView::deadlineNs);
  }
}
