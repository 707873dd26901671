package org.preemptlab.examples.sjf;

import static org.preemptlab.api.Checks.checkArgument;

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
 * id, so the order is total and runs are deterministic. It also ranks placement: when SM slots
 * free, the launched job with the least remaining work ({@code remaining blocks x nominal block
 * time}) gets them first, whatever its queue's priority (a programmable block scheduler).
 * Non-preemptive: a block that is running is never stopped for a shorter job.
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

  /** Least remaining work first, then earliest submission, then lowest id. */
  static final Comparator<JobView> BY_REMAINING_WORK = Comparator
      .comparingLong((JobView job) -> remainingWorkNs(job))
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
    checkArgument(maxWaitNs >= 0, "max-wait must be >= 0 ns, got %s", maxWaitNs);
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

  /**
   * A job's remaining work in ns: its blocks not yet completed times the nominal duration of one
   * block (saturating at {@link Long#MAX_VALUE}).
   */
  public static long remainingWorkNs(JobView job) {
    long blockNs = job.job().kernel().program().durationNs();
    long blocks = job.remainingBlocks();
    return blocks != 0 && blockNs > Long.MAX_VALUE / blocks ? Long.MAX_VALUE : blocks * blockNs;
  }

  /** Launched jobs with the least remaining work take freed SM slots first. */
  @Override
  public Comparator<JobView> placementOrder() {
    return BY_REMAINING_WORK;
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
