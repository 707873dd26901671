package org.preemptlab.policies.baseline;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.QueueView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SmSet;

/**
 * Strict priority by queue priority (KERNEL, HIGH, NORMAL, LOW), round-robin across the queues of
 * one level, as DRM's per-priority run queues: a lower level is served only when no higher level has
 * a ready job, and a higher-level job short of credits blocks every level below it.
 *
 * <p>When preemptive, a job of this engine that cannot place its blocks preempts every resident job
 * (of any engine) whose priority is strictly lower, lowest priority first and, within a priority, in
 * dispatch order. The hardware block scheduler then gives the freed slots to the waiting job. Under
 * spatial sharing a job whose queue's partition shares no SM with the waiting job's (another MIG
 * instance, a disjoint MPS share or green context) is not preempted: its SMs are of no use to the
 * waiter.
 */
public final class PriorityPolicy implements SchedulingPolicy {

  private static final Comparator<JobView> LOWEST_PRIORITY_FIRST =
      Comparator.comparing(JobView::priority).reversed();

  private final boolean preemptive;
  private final RoundRobinQueues[] levels = new RoundRobinQueues[Priority.values().length];
  /** Per queue id, the SMs its queue is confined to under spatial sharing; null until read. */
  private Map<String, SmSet> partitions;

  /**
   * Creates an empty policy for one engine of one run.
   *
   * @param preemptive whether a blocked job preempts lower-priority resident jobs
   */
  public PriorityPolicy(boolean preemptive) {
    this.preemptive = preemptive;
    for (int i = 0; i < levels.length; i++) {
      levels[i] = new RoundRobinQueues();
    }
  }

  /** Whether this instance preempts lower-priority jobs. */
  public boolean preemptive() {
    return preemptive;
  }

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    levelOf(job).add(job);
  }

  /** The round-robin choice of the highest level with a ready job, or {@code null} if none. */
  @Override
  public JobView selectNext(SchedulerView scheduler) {
    for (RoundRobinQueues level : levels) {
      if (!level.isEmpty()) {
        return level.peek();
      }
    }
    return null;
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the job is not the next ready job of its queue
   */
  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    levelOf(job).remove(job);
  }

  /** Preempts every strictly lower-priority resident job, unless preemption is off. */
  @Override
  public void onJobBlocked(JobView job, SchedulerView scheduler) {
    if (preemptive) {
      Map<String, SmSet> confined = partitions(scheduler);
      SmSet mine = confined.get(job.queue().id());
      victims(job, scheduler.residentJobs()).stream()
          .filter(victim -> overlap(mine, confined.get(victim.queue().id())))
          .forEach(scheduler::preempt);
    }
  }

  /**
   * The jobs a blocked job preempts: those of {@code resident} with resident blocks and a priority
   * strictly lower than the blocked job's, lowest priority first, then in the given order.
   */
  static List<JobView> victims(JobView blocked, List<JobView> resident) {
    Priority priority = blocked.priority();
    List<JobView> lower = null; // none in the common case: no list, no sort
    for (JobView candidate : resident) {
      if (priority.isHigherThan(candidate.priority()) && candidate.residentBlocks() > 0) {
        if (lower == null) {
          lower = new ArrayList<>();
        }
        lower.add(candidate);
      }
    }
    if (lower == null) {
      return List.of();
    }
    lower.sort(LOWEST_PRIORITY_FIRST); // stable: equal priorities keep the given order
    return Collections.unmodifiableList(lower);
  }

  /** The queues' partitions (fixed for a run), read from the views on the first call. */
  private Map<String, SmSet> partitions(SchedulerView scheduler) {
    if (partitions == null) {
      partitions = new HashMap<>();
      for (QueueView queue : scheduler.queues()) {
        queue.partition().ifPresent(sms -> partitions.put(queue.id(), sms));
      }
    }
    return partitions;
  }

  /** Whether two partitions (null: every SM) share an SM. */
  static boolean overlap(SmSet first, SmSet second) {
    return first == null || second == null || first.stream().anyMatch(second::contains);
  }

  private RoundRobinQueues levelOf(JobView job) {
    return levels[job.priority().ordinal()];
  }
}
