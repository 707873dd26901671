package org.preemptlab.policies.rank;

import org.preemptlab.api.policy.JobView;

/** The oldest of a set of jobs: the earliest submit time, then the lowest id. */
public final class SubmitOrder {
  private SubmitOrder() {}

  /** The oldest of {@code jobs}, or null if there is none. */
  public static JobView oldest(Iterable<? extends JobView> jobs) {
    JobView best = null;
    for (JobView job : jobs) {
      if (best == null || job.submitTimeNs() < best.submitTimeNs()
          || job.submitTimeNs() == best.submitTimeNs() && job.id() < best.id()) {
        best = job;
      }
    }
    return best;
  }
}
