package org.preemptlab.examples.sjf;

import java.util.Comparator;
import java.util.NavigableSet;
import java.util.TreeSet;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;

/**
 * Shortest job first: of the ready jobs, the engine dispatches the one with the least total work,
 * {@code grid blocks x nominal block time}; ties go to the earlier submission, then the lower job
 * id, so the order is total and runs are deterministic. Non-preemptive: a job that is running is
 * never stopped for a shorter one.
 *
 * <p>With {@code max-wait > 0}, a job that has been ready at least that long is served first
 * (oldest first), so that a stream of short jobs cannot starve a long one.
 *
 * <p>One instance serves one engine for one run. It keeps its state in instance fields only.
 */
public final class ShortestJobFirst implements SchedulingPolicy {

  /** Least total work first, then earliest submission, then lowest id. */
  static final Comparator<JobView> BY_WORK = Comparator
      .comparingLong((JobView job) -> totalWorkNs(job.job().kernel()))
      .thenComparingLong(JobView::submitTimeNs)
      .thenComparingLong(JobView::id);

  private static final Comparator<JobView> BY_READY_TIME = Comparator
      .comparingLong(JobView::readyTimeNs)
      .thenComparing(BY_WORK);

  private final long maxWaitNs;
  private final NavigableSet<JobView> ready = new TreeSet<>(BY_WORK);

  /**
   * Creates the policy.
   *
   * @param maxWaitNs how long a job may wait before it is served first; 0 turns aging off
   */
  public ShortestJobFirst(long maxWaitNs) {
    if (maxWaitNs < 0) {
      throw new IllegalArgumentException("max-wait must be >= 0 ns, got " + maxWaitNs);
    }
    this.maxWaitNs = maxWaitNs;
  }

  /**
   * A kernel's total work in ns: its grid blocks times the nominal duration of one block
   * (saturating at {@link Long#MAX_VALUE}).
   */
  public static long totalWorkNs(Kernel kernel) {
    long blockNs = kernel.program().durationNs();
    long blocks = kernel.gridBlocks();
    return blockNs > Long.MAX_VALUE / blocks ? Long.MAX_VALUE : blocks * blockNs;
  }

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    ready.add(job);
  }

  @Override
  public JobView selectNext(SchedulerView scheduler) {
    if (ready.isEmpty()) {
      return null;
    }
    if (maxWaitNs > 0) {
      JobView oldest = ready.stream().min(BY_READY_TIME).orElseThrow();
      if (scheduler.nowNs() - oldest.readyTimeNs() >= maxWaitNs) {
        return oldest;
      }
    }
    return ready.first();
  }

  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    ready.remove(job);
  }
}
