package org.preemptlab.runner.drm;

import java.util.ArrayDeque;
import java.util.List;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;

/** The mutable state of one entity ({@code drm_sched_entity}) of the DRM scheduler layer. */
final class DrmEntity {
  final String name;
  Priority priority;
  /** CLASSIC: the priority of the run queue it sits on, changed only when it moves run queue. */
  Priority rqPriority;
  /** {@code sched_list}; null once it holds a single scheduler and was balanced. */
  List<DrmScheduler> schedList;
  DrmScheduler sched;
  final ArrayDeque<DrmJob> queue = new ArrayDeque<>();
  DrmJob lastScheduled;
  /** The head job the policy holds, if any. */
  DrmJob offered;
  boolean stopped;
  /** Whether its queued jobs were withdrawn from its policy for good (it is stopped). */
  boolean withdrawn;
  boolean guilty;

  DrmEntity(String name, Priority priority, List<DrmScheduler> schedList) {
    this.name = name;
    this.priority = priority;
    this.rqPriority = priority;
    this.sched = schedList.get(0);
    this.schedList = schedList.size() > 1 ? schedList : null;
  }

  /** Idle as {@code drm_sched_entity_is_idle}: no queued job, or stopped. */
  boolean idle() {
    return queue.isEmpty() || stopped;
  }

  /** The entity as the policy sees it: a queue with the priority the kernel generation uses. */
  JobQueue asQueue(boolean liveSchedulerPriority) {
    return new JobQueue(name, "ctx-" + name, liveSchedulerPriority ? priority : rqPriority, 1,
        sched.spec.engine(), false);
  }

  @Override
  public String toString() {
    return name;
  }
}
