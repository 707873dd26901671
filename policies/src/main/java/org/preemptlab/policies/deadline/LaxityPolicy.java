package org.preemptlab.policies.deadline;

import java.util.Comparator;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.policies.rank.RankedPolicy;
import org.preemptlab.policies.rank.WorkEstimate;

/**
 * Least laxity first (Mok, "Fundamental Design Problems of Distributed Systems for the Hard
 * Real-Time Environment", MIT PhD thesis, 1983; XSched's LAX policy, Shen et al., OSDI'25, §8 and
 * XpuOS/xsched {@code sched/src/policy/lax.cpp}, which raises a queue's priority once its laxity
 * expires). A job's laxity is {@code deadline - now - remaining time}, where the remaining time is
 * {@link WorkEstimate#remainingTimeNs}: ceil(remaining blocks / blocks the device holds at once) x
 * the nominal block time. Since {@code now} is the same for every job, the ranking compares {@code
 * deadline - remaining time}; it changes as jobs progress, and the engine re-sorts before every
 * placement pass. Jobs without a deadline come last.
 */
public final class LaxityPolicy extends RankedPolicy {

  private final DeviceSpec device;

  /**
   * Creates an empty policy.
   *
   * @param device the device, for the parallelism in the remaining-time estimate
   * @param preemptive whether a blocked job preempts a resident job with more laxity
   */
  public LaxityPolicy(DeviceSpec device, boolean preemptive) {
    super(preemptive);
    this.device = device;
  }

  /** {@code deadline - estimated remaining time}, or {@link Long#MAX_VALUE} without a deadline. */
  long latestStartNs(JobView job) {
    if (job.deadlineNs() == Job.NO_DEADLINE) {
      return Long.MAX_VALUE;
    }
    return job.deadlineNs() - WorkEstimate.remainingTimeNs(job, device);
  }

  @Override
  protected Comparator<JobView> rank() {
    return Comparator.comparingLong(this::latestStartNs);
  }
}
