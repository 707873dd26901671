package org.preemptlab.runner.drm;

import java.util.List;
import org.preemptlab.runner.scenario.DependencySpec;
import org.preemptlab.runner.scenario.FenceError;

/**
 * Which scheduler and run queue an entity's jobs go to, and when its head job is offered:
 * {@code drm_sched_entity_select_rq} with {@code drm_sched_pick_best} (re-balance by score),
 * {@code drm_sched_entity_modify_sched}, and the dependency rules of {@code
 * drm_sched_job_dependency}. A part of {@link DrmLayer}.
 */
final class RunQueueSelection {
  private final DrmLayer layer;

  RunQueueSelection(DrmLayer layer) {
    this.layer = layer;
  }

  /** {@code drm_sched_entity_select_rq} with {@code drm_sched_pick_best}. */
  void selectRunQueue(DrmEntity entity) {
    if (entity.schedList == null || !entity.queue.isEmpty()
        || entity.lastScheduled != null && !entity.lastScheduled.finishedSignalled) {
      return;
    }
    DrmScheduler best = null;
    for (DrmScheduler candidate : entity.schedList) {
      if (!candidate.ready) {
        layer.log("pick_best: scheduler " + candidate.name() + " is not ready, skipping");
        continue;
      }
      if (best == null || candidate.score < best.score) {
        best = candidate;
      }
    }
    if (best != null && (best != entity.sched || best.perPriorityRunQueues()
        && entity.rqPriority != entity.priority)) {
      entity.sched.removeEntity(entity);
      entity.sched = best;
      entity.rqPriority = entity.priority;
    }
    if (entity.schedList.size() == 1) {
      entity.schedList = null;
    }
  }

  /** Offers the entity's head job to its scheduler's policy once its dependencies are met. */
  void offerHead(DrmEntity entity) {
    if (entity.offered != null || entity.stopped || entity.queue.isEmpty()
        || entity.sched.workStopped) {
      return;
    }
    DrmJob head = entity.queue.peekFirst();
    if (!dependenciesMet(head)) {
      return;
    }
    entity.offered = head;
    entity.sched.policy.onJobReady(layer.view(head), entity.sched.view);
  }

  /**
   * {@code drm_sched_job_dependency} + {@code drm_sched_entity_add_dependency_cb}: same-entity
   * fences are ignored, a same-scheduler finished fence without error is replaced by the
   * scheduled fence (pipelining), others are waited for.
   */
  private boolean dependenciesMet(DrmJob job) {
    while (job.depIndex < job.dependencies.size()) {
      DependencySpec dep = job.dependencies.get(job.depIndex);
      DrmJob other = layer.jobs.get(dep.job());
      if (other.entity == job.entity) {
        job.depIndex++;
        continue;
      }
      if (other.status == JobStatus.NOT_SUBMITTED) {
        other.onArmed.add(() -> wake(job.entity));
        return false;
      }
      if (other.status == JobStatus.REJECTED) {
        job.depIndex++;
        continue;
      }
      boolean scheduledFence = dep.fence() == DependencySpec.Fence.SCHEDULED
          || other.sched == job.sched && other.finishedError == FenceError.NONE;
      boolean signalled = scheduledFence ? other.scheduledSignalled : other.finishedSignalled;
      if (!signalled) {
        (scheduledFence ? other.onScheduled : other.onFinished).add(() -> wake(job.entity));
        return false;
      }
      job.depIndex++;
    }
    return true;
  }

  private void wake(DrmEntity entity) {
    layer.at(layer.now(), () -> offerHead(entity), false);
  }

  /** {@code drm_sched_entity_modify_sched}. */
  void modifySched(DrmEntity entity, List<String> names) {
    entity.schedList = names.stream().map(layer.schedulers::get).toList();
  }
}
