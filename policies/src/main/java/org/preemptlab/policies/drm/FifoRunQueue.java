package org.preemptlab.policies.drm;

import org.preemptlab.api.policy.JobView;
import org.preemptlab.policies.rank.SubmitOrderQueue;

/**
 * DRM's FIFO run queue ({@code drm_sched_rq_select_entity_fifo}): ready entities in ascending
 * order of their head job's submit time ({@code oldest_job_waiting}); equal keys keep the order in
 * which the entities were keyed, as the rb-tree comparator is a strict {@code <}. O(log n).
 */
final class FifoRunQueue implements RunQueue {
  private final SubmitOrderQueue ready = new SubmitOrderQueue("");

  @Override
  public void add(JobView job) {
    ready.add(job);
  }

  @Override
  public JobView peek() {
    return ready.first();
  }

  @Override
  public void remove(JobView job) {
    ready.remove(job);
  }

  @Override
  public void withdraw(JobView job) {
    remove(job);
  }

  @Override
  public boolean isEmpty() {
    return ready.isEmpty();
  }
}
