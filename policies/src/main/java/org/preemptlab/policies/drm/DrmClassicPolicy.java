package org.preemptlab.policies.drm;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.DrmSchedulingPolicy;

/**
 * The DRM scheduler of kernels up to 7.1 ({@code drm-fifo}, {@code drm-rr}): one run queue per
 * priority, served in strict order KERNEL, HIGH, NORMAL, LOW ({@code drm_sched_select_entity},
 * "Start with the highest priority"). The first run queue with a ready entity decides; if that
 * entity's head job does not fit the free credits the engine dispatches nothing, so lower run
 * queues are not examined ({@code -ENOSPC}). A job is placed in the run queue of the priority its
 * view reports when it becomes ready; the policy declares {@link #perPriorityRunQueues()}, so the
 * DRM scheduler layer reports the priority of the run queue the entity was placed on ({@code
 * drm_sched_entity_select_rq}) and stops the entities on its run queues at teardown. Queued jobs
 * not yet ready are of no interest to it. Non-preemptive.
 */
public final class DrmClassicPolicy implements DrmSchedulingPolicy {
  private final RunQueue[] levels = new RunQueue[Priority.values().length];
  private final Map<Long, RunQueue> holder = new HashMap<>();

  /**
   * Creates an empty policy for one scheduler.
   *
   * @param runQueues creates the run queue of each priority level
   */
  public DrmClassicPolicy(Supplier<RunQueue> runQueues) {
    for (int i = 0; i < levels.length; i++) {
      levels[i] = runQueues.get();
    }
  }

  /** {@code drm-fifo}: FIFO run queues. */
  public static DrmClassicPolicy fifo() {
    return new DrmClassicPolicy(FifoRunQueue::new);
  }

  /** {@code drm-rr}: round-robin run queues. */
  public static DrmClassicPolicy roundRobin() {
    return new DrmClassicPolicy(RoundRobinRunQueue::new);
  }

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    RunQueue level = levels[job.priority().ordinal()];
    if (holder.putIfAbsent(job.id(), level) != null) {
      throw new IllegalStateException("job " + job.id() + " became ready twice");
    }
    level.add(job);
  }

  /** The choice of the highest-priority run queue with a ready entity, or {@code null}. */
  @Override
  public JobView selectNext(SchedulerView scheduler) {
    for (RunQueue level : levels) {
      if (!level.isEmpty()) {
        return level.peek();
      }
    }
    return null;
  }

  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    release(job).remove(job);
  }

  @Override
  public void onJobWithdrawn(JobView job, SchedulerView scheduler) {
    RunQueue level = holder.remove(job.id());
    if (level != null) {
      level.withdraw(job);
    } else if (!scheduler.reportsQueuedJobs()) {
      throw new IllegalStateException("job " + job.id() + " is not held by this policy");
    }
  }

  /** Kernels up to 7.1: one run queue per priority, chosen when the entity is placed. */
  @Override
  public boolean perPriorityRunQueues() {
    return true;
  }

  private RunQueue release(JobView job) {
    RunQueue level = holder.remove(job.id());
    if (level == null) {
      throw new IllegalStateException("job " + job.id() + " is not held by this policy");
    }
    return level;
  }
}
