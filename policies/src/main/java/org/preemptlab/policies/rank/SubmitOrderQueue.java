package org.preemptlab.policies.rank;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import org.preemptlab.api.policy.JobView;

/**
 * Ready jobs in submit order: the earliest submit time first, equal submit times in the order the
 * jobs were added (as DRM's FIFO run queue, whose rb-tree comparator is a strict {@code <}). Serves
 * the {@code fifo} policy and DRM's FIFO run queue. O(log n) per change; {@link #first} is O(1)
 * (the head is kept beside the tree, so a policy asked at every instant does not walk the tree
 * each time).
 */
public final class SubmitOrderQueue {
  private record Entry(long submitTimeNs, long sequence, JobView job) {}

  private static final Comparator<Entry> ORDER =
      Comparator.comparingLong(Entry::submitTimeNs).thenComparingLong(Entry::sequence);

  private final String owner;
  private final NavigableSet<Entry> ready = new TreeSet<>(ORDER);
  private final Map<Long, Entry> byJobId = new HashMap<>();
  /** The tree's first entry, or null when it is empty. */
  private Entry head;
  private long nextSequence;

  /**
   * An empty queue.
   *
   * @param owner what its error messages start with, e.g. {@code "fifo: "}, or {@code ""}
   */
  public SubmitOrderQueue(String owner) {
    this.owner = owner;
  }

  /**
   * Adds a ready job, behind those with the same submit time.
   *
   * @throws IllegalStateException if the job is already here
   */
  public void add(JobView job) {
    Entry entry = new Entry(job.submitTimeNs(), nextSequence++, job);
    if (byJobId.putIfAbsent(job.id(), entry) != null) {
      throw new IllegalStateException(owner + "job " + job.id() + " became ready twice");
    }
    ready.add(entry);
    if (head == null || ORDER.compare(entry, head) < 0) {
      head = entry;
    }
  }

  /** The first job, or {@code null} if none. */
  public JobView first() {
    return head == null ? null : head.job();
  }

  /**
   * Removes a dispatched job.
   *
   * @throws IllegalStateException if the job is not here
   */
  public void remove(JobView job) {
    Entry entry = byJobId.remove(job.id());
    if (entry == null) {
      throw new IllegalStateException(owner + "job " + job.id()
          + " was dispatched but is not held");
    }
    ready.remove(entry);
    if (entry == head) {
      head = ready.isEmpty() ? null : ready.first();
    }
  }

  /** Whether no job is here. */
  public boolean isEmpty() {
    return ready.isEmpty();
  }
}
