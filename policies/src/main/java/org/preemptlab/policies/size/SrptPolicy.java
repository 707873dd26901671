package org.preemptlab.policies.size;

import java.util.Comparator;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.policies.rank.RankedPolicy;
import org.preemptlab.policies.rank.WorkEstimate;

/**
 * Shortest remaining processing time (Schrage, "A Proof of the Optimality of the Shortest
 * Remaining Processing Time Discipline", Operations Research 16(3), 1968): the job with the least
 * remaining work is launched first and its blocks take free SM slots first. The remaining work is
 * {@link WorkEstimate#remainingWorkNs}: remaining blocks x nominal block time (no oracle). Block
 * placement is re-ranked at every free slot, so SRPT here preempts at block boundaries even when
 * {@code preempt} is off; with it on, a blocked job also preempts a longer resident one.
 */
public final class SrptPolicy extends RankedPolicy {

  /**
   * Creates an empty policy.
   *
   * @param preemptive whether a blocked job preempts a resident job with more remaining work
   */
  public SrptPolicy(boolean preemptive) {
    super(preemptive);
  }

  @Override
  protected Comparator<JobView> rank() {
    return Comparator.comparingLong(WorkEstimate::remainingWorkNs);
  }
}
