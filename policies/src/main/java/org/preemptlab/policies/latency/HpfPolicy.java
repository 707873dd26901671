package org.preemptlab.policies.latency;

import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.QueueView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.policies.rank.RankedPolicy;
import org.preemptlab.policies.rank.ReentryGuard;

/**
 * XSched's highest priority first (Shen et al., "XSched: Preemptive Scheduling for Diverse XPUs",
 * OSDI'25, §7.2, Fig. 9 top; XpuOS/xsched {@code sched/src/policy/hpf.cpp}): while any queue of
 * the highest priority present has work, every queue of lower priority is suspended at the
 * configured XSched preemption level (1: stop launching; 2: also hold blocks not started; 3: also
 * interrupt running blocks); when the high queues run dry the lower ones are resumed. The policy
 * reconsiders whenever a job becomes ready or finishes. Ready jobs launch highest priority first,
 * then in submission order; launched jobs take SM slots in the hardware's order (queue priority,
 * then launch order), since XSched sits above the driver.
 *
 * <p>A queue has work when it has jobs launched, or submitted and not launched. The policy only
 * resumes queues it suspended itself, so a workload's timed suspensions are left alone.
 */
public final class HpfPolicy extends RankedPolicy {

  private final SuspendLevel level;
  private final Set<String> suspendedByUs = new HashSet<>();
  private final ReentryGuard guard = new ReentryGuard();

  /**
   * Creates an empty policy.
   *
   * @param level how deeply lower-priority queues are suspended
   */
  public HpfPolicy(SuspendLevel level) {
    super(false);
    this.level = level;
  }

  @Override
  protected Comparator<JobView> rank() {
    return Comparator.comparing(JobView::priority);
  }

  /** The hardware's order. */
  @Override
  public Comparator<JobView> placementOrder() {
    return null;
  }

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    super.onJobReady(job, scheduler);
    manage(scheduler);
  }

  @Override
  public void onJobFinished(JobView job, SchedulerView scheduler) {
    manage(scheduler);
  }

  private void manage(SchedulerView scheduler) {
    guard.run(() -> decide(scheduler)); // a suspension calls back into this policy
  }

  private void decide(SchedulerView scheduler) {
    List<QueueView> queues = scheduler.queues();
    Priority top = null;
    for (QueueView queue : queues) {
      boolean work = queue.launchedJobs() + queue.waitingJobs() > 0;
      if (work && (top == null || queue.priority().isHigherThan(top))) {
        top = queue.priority();
      }
    }
    for (QueueView queue : queues) {
      boolean lower = top != null && top.isHigherThan(queue.priority());
      if (lower && queue.suspension().orElse(null) != level
          && (!queue.suspended() || suspendedByUs.contains(queue.id()))) {
        if (scheduler.suspend(queue.id(), level).accepted()) {
          suspendedByUs.add(queue.id());
        }
      } else if (!lower && suspendedByUs.remove(queue.id())) {
        scheduler.resume(queue.id());
      }
    }
  }
}
