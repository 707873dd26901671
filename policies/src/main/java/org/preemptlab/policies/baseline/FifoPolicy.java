package org.preemptlab.policies.baseline;

import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.SubmitOrderQueue;

/**
 * First in, first out: the ready job with the earliest submit time goes first; jobs submitted at
 * the same time go in the order they became ready. As DRM's FIFO run queue keys each entity by its
 * head job's submit time, and the engine offers a queue's jobs in submission order, this is the same
 * order. Non-preemptive. O(log n) per callback.
 */
public final class FifoPolicy implements SchedulingPolicy {

  private final SubmitOrderQueue ready = new SubmitOrderQueue("fifo: ");

  /** Creates an empty policy for one engine of one run. */
  public FifoPolicy() {}

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the job is already held
   */
  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    ready.add(job);
  }

  /** The ready job submitted first (earliest ready on ties), or {@code null} if none. */
  @Override
  public JobView selectNext(SchedulerView scheduler) {
    return ready.first();
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the policy does not hold the job
   */
  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    ready.remove(job);
  }
}
