package org.preemptlab.policies.share;

import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.baseline.FifoPolicy;

/** A policy that launches the jobs it holds in submission order (as {@link FifoPolicy}). */
abstract class FifoPolicyDelegate implements SchedulingPolicy {
  private final FifoPolicy fifo = new FifoPolicy();

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    fifo.onJobReady(job, scheduler);
  }

  @Override
  public JobView selectNext(SchedulerView scheduler) {
    return fifo.selectNext(scheduler);
  }

  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    fifo.onJobDispatched(job, scheduler);
  }

  @Override
  public void onJobWithdrawn(JobView job, SchedulerView scheduler) {
    fifo.onJobWithdrawn(job, scheduler);
  }
}
