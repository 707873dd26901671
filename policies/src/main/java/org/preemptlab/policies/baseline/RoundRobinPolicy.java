package org.preemptlab.policies.baseline;

import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;

/**
 * Round-robin across queues, as DRM's RR run queue: queues take turns in the order they first became
 * known, each offering its ready jobs in order; after a queue is served the turn passes to the next
 * queue with a ready job, wrapping round. A job that cannot be dispatched for lack of credits keeps
 * the turn. Non-preemptive. O(log q) per callback for q queues.
 */
public final class RoundRobinPolicy implements SchedulingPolicy {

  private final RoundRobinQueues queues = new RoundRobinQueues();

  /** Creates an empty policy for one engine of one run. */
  public RoundRobinPolicy() {}

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    queues.add(job);
  }

  /** The head job of the queue whose turn it is, or {@code null} if no job is ready. */
  @Override
  public JobView selectNext(SchedulerView scheduler) {
    return queues.peek();
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the job is not the next ready job of its queue
   */
  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    queues.remove(job);
  }
}
