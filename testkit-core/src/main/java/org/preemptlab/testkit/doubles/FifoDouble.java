package org.preemptlab.testkit.doubles;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;

/**
 * The bundled {@code fifo} policy's order, for tests: the ready job with the earliest submit time
 * first, equal submit times in the order the jobs became ready. Non-preemptive. O(n) per choice.
 */
public final class FifoDouble implements SchedulingPolicy {
  private final List<JobView> ready = new ArrayList<>();

  /** Creates an empty policy for one engine of one run. */
  public FifoDouble() {}

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the job is already held
   */
  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    if (indexOf(job) >= 0) {
      throw new IllegalStateException("fifo double: job " + job.id() + " became ready twice");
    }
    ready.add(job);
  }

  /** The ready job submitted first (earliest ready on ties), or {@code null} if none. */
  @Override
  public JobView selectNext(SchedulerView scheduler) {
    JobView first = null;
    for (JobView job : ready) {
      if (first == null || job.submitTimeNs() < first.submitTimeNs()) {
        first = job;
      }
    }
    return first;
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the policy does not hold the job
   */
  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    int index = indexOf(job);
    if (index < 0) {
      throw new IllegalStateException("fifo double: job " + job.id()
          + " was dispatched but is not held");
    }
    ready.remove(index);
  }

  private int indexOf(JobView job) {
    for (int i = 0; i < ready.size(); i++) {
      if (ready.get(i).id() == job.id()) {
        return i;
      }
    }
    return -1;
  }
}
