package org.preemptlab.policies.baseline;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;

/**
 * First in, first out: the ready job with the earliest submit time goes first; jobs submitted at
 * the same time go in the order they became ready. As DRM's FIFO run queue keys each entity by its
 * head job's submit time, and the engine offers a queue's jobs in submission order, this is the same
 * order. Non-preemptive. O(log n) per callback.
 */
public final class FifoPolicy implements SchedulingPolicy {

  private record Entry(long submitTimeNs, long sequence, JobView job) {}

  private static final Comparator<Entry> ORDER =
      Comparator.comparingLong(Entry::submitTimeNs).thenComparingLong(Entry::sequence);

  private final NavigableSet<Entry> ready = new TreeSet<>(ORDER);
  private final Map<Long, Entry> byJobId = new HashMap<>();
  private long nextSequence;

  /** Creates an empty policy for one engine of one run. */
  public FifoPolicy() {}

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the job is already held
   */
  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    Entry entry = new Entry(job.submitTimeNs(), nextSequence++, job);
    if (byJobId.putIfAbsent(job.id(), entry) != null) {
      throw new IllegalStateException("fifo: job " + job.id() + " became ready twice");
    }
    ready.add(entry);
  }

  /** The ready job submitted first (earliest ready on ties), or {@code null} if none. */
  @Override
  public JobView selectNext(SchedulerView scheduler) {
    return ready.isEmpty() ? null : ready.first().job();
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the policy does not hold the job
   */
  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    Entry entry = byJobId.remove(job.id());
    if (entry == null) {
      throw new IllegalStateException("fifo: job " + job.id() + " was dispatched but is not held");
    }
    ready.remove(entry);
  }
}
