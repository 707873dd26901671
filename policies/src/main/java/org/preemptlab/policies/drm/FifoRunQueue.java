package org.preemptlab.policies.drm;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import org.preemptlab.api.policy.JobView;

/**
 * DRM's FIFO run queue ({@code drm_sched_rq_select_entity_fifo}): ready entities in ascending
 * order of their head job's submit time ({@code oldest_job_waiting}); equal keys keep the order in
 * which the entities were keyed, as the rb-tree comparator is a strict {@code <}. O(log n).
 */
final class FifoRunQueue implements RunQueue {
  private record Entry(long submitTimeNs, long sequence, JobView job) {}

  private static final Comparator<Entry> ORDER =
      Comparator.comparingLong(Entry::submitTimeNs).thenComparingLong(Entry::sequence);

  private final NavigableSet<Entry> ready = new TreeSet<>(ORDER);
  private final Map<Long, Entry> byJobId = new HashMap<>();
  private long nextSequence;

  @Override
  public void add(JobView job) {
    Entry entry = new Entry(job.submitTimeNs(), nextSequence++, job);
    if (byJobId.putIfAbsent(job.id(), entry) != null) {
      throw new IllegalStateException("job " + job.id() + " became ready twice");
    }
    ready.add(entry);
  }

  @Override
  public JobView peek() {
    return ready.isEmpty() ? null : ready.first().job();
  }

  @Override
  public void remove(JobView job) {
    Entry entry = byJobId.remove(job.id());
    if (entry == null) {
      throw new IllegalStateException("job " + job.id() + " was dispatched but is not held");
    }
    ready.remove(entry);
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
