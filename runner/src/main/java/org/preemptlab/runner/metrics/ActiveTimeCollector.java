package org.preemptlab.runner.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import org.preemptlab.api.policy.JobView;

/**
 * Collects, per queue, the wall time during which it had a job in execution: from a job's first
 * block start to its finish, the union over the queue's jobs. A subscriber to the engine's
 * signals like {@link SmTimeCollector}; the metric {@link Metrics#ACTIVE_TIME_SHARE} reads the
 * result.
 *
 * <p>Jobs finish in time order, so each new interval ends last: it absorbs the kept intervals it
 * overlaps, which are at the top of a stack. What is kept per queue is its disjoint active
 * intervals, so memory grows with the queue's idle gaps, not with its jobs' blocks.
 */
public final class ActiveTimeCollector
    implements Observation.Collector<Map<String, ActiveTimeCollector.Intervals>> {
  /** Each queue's active intervals, by queue id: what {@link Metrics#ACTIVE_TIME_SHARE} needs. */
  public static final Observation<Map<String, Intervals>> OBSERVATION =
      new Observation<>("active-intervals-by-queue", device -> new ActiveTimeCollector());

  private final Map<String, IntervalStack> byQueue = new HashMap<>();

  @Override
  public void jobFinished(long timeNs, JobView job) {
    long start = job.firstStartNs() < 0 ? timeNs : job.firstStartNs();
    byQueue.computeIfAbsent(job.queue().id(), q -> new IntervalStack()).add(start, timeNs);
  }

  /** Each queue's active intervals so far, by queue id. */
  public Map<String, Intervals> byQueueId() {
    Map<String, Intervals> out = new TreeMap<>();
    byQueue.forEach((queue, stack) -> out.put(queue, Intervals.owning(stack.toArray())));
    return out;
  }

  @Override
  public Map<String, Intervals> result() {
    return byQueueId();
  }

  /**
   * Sorted, disjoint time intervals, compared by value: {@code [start0, end0, start1, end1, ...]}
   * in ns.
   */
  public static final class Intervals {
    private final long[] bounds;

    /** Copies the bounds {@code [start0, end0, start1, end1, ...]}. */
    public Intervals(long[] bounds) {
      this.bounds = bounds.clone();
    }

    private Intervals(long[] bounds, boolean owned) {
      this.bounds = owned ? bounds : bounds.clone();
    }

    /** Takes {@code bounds} without a copy: for an array that nothing else refers to. */
    private static Intervals owning(long[] bounds) {
      return new Intervals(bounds, true);
    }

    /** A copy of the bounds. */
    public long[] bounds() {
      return bounds.clone();
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Intervals o && Arrays.equals(bounds, o.bounds);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(bounds);
    }

    @Override
    public String toString() {
      return Arrays.toString(bounds);
    }
  }

  /**
   * The length of the union of several queues' active intervals: their intervals merged in order
   * of start (each queue's are sorted), overlapping ones joined. Allocates nothing per interval
   * (one interval per job when a queue idles between jobs: memory per job).
   */
  static long unionNs(Iterable<Intervals> intervals) {
    List<long[]> lists = new ArrayList<>();
    intervals.forEach(one -> lists.add(one.bounds));
    int[] at = new int[lists.size()]; // the next interval of each list, as an index of its start
    PriorityQueue<Integer> next = new PriorityQueue<>(Math.max(1, lists.size()),
        Comparator.comparingLong((Integer l) -> lists.get(l)[at[l]]));
    for (int l = 0; l < lists.size(); l++) {
      if (lists.get(l).length > 0) {
        next.add(l);
      }
    }
    long total = 0;
    long from = 0;
    long to = 0;
    while (!next.isEmpty()) {
      int l = next.poll();
      long[] bounds = lists.get(l);
      long start = bounds[at[l]];
      long end = bounds[at[l] + 1];
      at[l] += 2;
      if (at[l] < bounds.length) {
        next.add(l);
      }
      if (start > to) {
        total += to - from;
        from = start;
        to = end;
      } else {
        to = Math.max(to, end);
      }
    }
    return total + (to - from);
  }

  /** Disjoint intervals sorted by start; each added interval ends no earlier than any kept. */
  private static final class IntervalStack {
    private long[] bounds = new long[8];
    private int size; // longs used: two per interval

    void add(long start, long end) {
      if (size > 0 && end < bounds[size - 1]) {
        throw new IllegalStateException("interval ends at " + end + " before " + bounds[size - 1]);
      }
      long from = start;
      while (size > 0 && bounds[size - 1] >= from) {
        from = Math.min(from, bounds[size - 2]);
        size -= 2;
      }
      if (size + 2 > bounds.length) {
        bounds = Arrays.copyOf(bounds, bounds.length + (bounds.length >> 1) + 2);
      }
      bounds[size++] = from;
      bounds[size++] = end;
    }

    long[] toArray() {
      return Arrays.copyOf(bounds, size);
    }
  }
}
