package org.preemptlab.policies.latency;

import java.util.Comparator;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.PreemptScope;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.policies.rank.RankedPolicy;

/**
 * Tally-style bounded preemption latency for high-priority work (Zhao, Jayarajan and Pekhimenko,
 * "Tally: Non-Intrusive Performance Isolation for Concurrent Deep Learning Workloads", ASPLOS 2025;
 * default bound 0.1 ms as tally-project/tally's {@code
 * PRIORITY_MAX_ALLOWED_PREEMPTION_LATENCY_MS}).
 * Jobs of queues at or above a priority threshold are high-priority: they launch first and take
 * free SM slots first. When a high-priority job cannot place its blocks, each best-effort resident
 * job is judged by how long its blocks may still hold their SMs, estimated as its kernel's nominal
 * block time: if that fits the bound the blocks are left to drain (Tally runs such kernels
 * unmodified); otherwise they are preempted for the waiter with the run's preemption-point
 * strategy (Tally's sliced or persistent-thread-block kernels give up the SM within the bound).
 */
public final class BoundedLatencyPolicy extends RankedPolicy {

  private final long boundNs;
  private final Priority threshold;

  /**
   * Creates an empty policy.
   *
   * @param boundNs the latency a high-priority job may wait for a best-effort block, at least 0
   * @param threshold the lowest priority that counts as high
   */
  public BoundedLatencyPolicy(long boundNs, Priority threshold) {
    super(true);
    this.boundNs = boundNs;
    this.threshold = threshold;
  }

  /** Whether a job is high-priority. */
  boolean high(JobView job) {
    return !threshold.isHigherThan(job.priority());
  }

  @Override
  protected Comparator<JobView> rank() {
    return Comparator.comparingInt(job -> high(job) ? 0 : 1);
  }

  @Override
  public void onJobBlocked(JobView job, SchedulerView scheduler) {
    if (!high(job)) {
      return;
    }
    for (JobView resident : scheduler.residentJobs()) {
      if (!high(resident) && resident.residentBlocks() > 0
          && resident.job().kernel().program().durationNs() > boundNs
          && scheduler.preempt(resident, PreemptScope.forWaiter(job)).accepted()) {
        return;
      }
    }
  }
}
