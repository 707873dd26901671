package org.preemptlab.policies.deadline;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.policies.rank.RankedPolicy;

/**
 * XSched's K-EDF (Shen et al., "XSched: Preemptive Scheduling for Diverse XPUs", OSDI'25, §8,
 * Triton case study with K = 16; XpuOS/xsched {@code sched/src/policy/kedf.cpp}): the K work items
 * with the earliest deadlines run, every other one is suspended. In XSched the items are XQueues,
 * each carrying one request; here they are jobs. At most K launched jobs with blocks still to place
 * are active; a ready job with an earlier deadline than the latest active one displaces it (the
 * displaced job is held back with {@link SchedulerView#suspend(JobView)}, its resident blocks run
 * on) and held jobs are resumed, earliest deadline first, as active jobs finish. A job is only
 * displaced for one the engine can launch at once (its credits are free), so suspended jobs never
 * hold every credit of the engine.
 *
 * <p>Among the active jobs the hardware decides who gets SM slots ({@link #placementOrder()} is
 * {@code null}), as in XSched, which sits above the driver: K-EDF bounds concurrency, it does not
 * reorder blocks. That is the difference from {@code edf}, which ranks every block placement.
 */
public final class KEdfPolicy extends RankedPolicy {

  private final int k;
  private final List<JobView> heldByUs = new ArrayList<>();

  /**
   * Creates an empty policy.
   *
   * @param k how many jobs may be active at once, at least 1
   */
  public KEdfPolicy(int k) {
    super(false);
    checkArgument(k >= 1, "k must be >= 1, got %s", k);
    this.k = k;
  }

  @Override
  protected Comparator<JobView> rank() {
    return Comparator.comparingLong(JobView::deadlineNs);
  }

  /** The hardware's order among the active jobs. */
  @Override
  public Comparator<JobView> placementOrder() {
    return null;
  }

  @Override
  public JobView selectNext(SchedulerView scheduler) {
    List<JobView> active = resumeHeld(scheduler);
    JobView best = super.selectNext(scheduler);
    if (best == null || active.size() < k) {
      return best;
    }
    if (best.job().credits() > scheduler.freeCredits()) {
      // the engine could not launch it now: displacing an active job for it would leave the
      // displaced one holding its credits, suspended; with every credit so held nothing runs
      return null;
    }
    JobView latest = null;
    for (JobView job : active) {
      if (latest == null || order().compare(job, latest) > 0) {
        latest = job;
      }
    }
    if (latest != null && order().compare(best, latest) < 0
        && scheduler.suspend(latest).accepted()) {
      heldByUs.add(latest);
      return best;
    }
    return null;
  }

  @Override
  public void onJobFinished(JobView job, SchedulerView scheduler) {
    resumeHeld(scheduler);
  }

  /** Resumes held jobs, earliest deadline first, while there is room; returns the active jobs. */
  private List<JobView> resumeHeld(SchedulerView scheduler) {
    heldByUs.removeIf(job -> job.state() == JobState.FINISHED);
    List<JobView> active = new ArrayList<>();
    for (JobView job : scheduler.dispatchedJobs()) {
      if (job.pendingBlocks() > 0 && heldByUs.stream().noneMatch(h -> h.id() == job.id())) {
        active.add(job);
      }
    }
    heldByUs.sort(order());
    while (active.size() < k && !heldByUs.isEmpty()) {
      JobView next = heldByUs.get(0);
      JobView ready = super.selectNext(scheduler);
      if (ready != null && order().compare(ready, next) < 0) {
        break;
      }
      heldByUs.remove(0);
      scheduler.resume(next);
      active.add(next);
    }
    return active;
  }
}
