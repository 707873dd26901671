package org.preemptlab.policies.share;

import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.baseline.FifoPolicy;
import org.preemptlab.policies.rank.ReentryGuard;

/**
 * A policy that launches the jobs it holds in submission order (as {@link FifoPolicy}) and decides
 * which queues may run ({@link #decide}) whenever a job is ready or finished and on its timer.
 */
abstract class FifoPolicyDelegate implements SchedulingPolicy {
  private final FifoPolicy fifo = new FifoPolicy();
  private final ReentryGuard guard = new ReentryGuard();

  /**
   * Suspends and resumes queues. Never re-entered: a suspension withdraws jobs, which calls back
   * into this policy, and the outer decision sees that effect anyway.
   */
  abstract void decide(SchedulerView scheduler);

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    fifo.onJobReady(job, scheduler);
    guard.run(() -> decide(scheduler));
  }

  @Override
  public void onJobFinished(JobView job, SchedulerView scheduler) {
    guard.run(() -> decide(scheduler));
  }

  @Override
  public void onTimer(SchedulerView scheduler) {
    guard.run(() -> decide(scheduler));
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
