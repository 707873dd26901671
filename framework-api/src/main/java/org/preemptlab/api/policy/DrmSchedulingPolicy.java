package org.preemptlab.api.policy;

import org.preemptlab.api.API;

/**
 * A scheduling policy that also speaks the Linux DRM scheduler's own protocol: the engine's DRM
 * scheduler layer ({@code drivers/gpu/drm/scheduler} as a layer of the one engine) checks for this
 * interface and calls these methods; every other engine ignores them. A policy that needs none of
 * them implements {@link SchedulingPolicy} alone (JUnit keeps engine-specific protocol out of its
 * {@code TestEngine} the same way).
 *
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface DrmSchedulingPolicy extends SchedulingPolicy {

  /**
   * A job was pushed to its queue; it is not necessarily ready (it may wait for dependencies).
   * Called only by engines whose {@link SchedulerView#reportsQueuedJobs()} is true, once per job,
   * before its {@link SchedulingPolicy#onJobReady}; such an engine withdraws with {@link
   * SchedulingPolicy#onJobWithdrawn} every queued job that leaves without being dispatched,
   * whether the policy holds it or not, from a policy that implements this method (others hear
   * only of the jobs they hold). DRM's
   * fair scheduler keeps an entity in its run queue while the entity has queued jobs, ready or not
   * ({@code drm_sched_rq_pop_entity}, Linux 7.2).
   *
   * @param job the queued job, never null
   * @param scheduler the engine's view
   * @since 0.1
   */
  default void onJobQueued(JobView job, SchedulerView scheduler) {}

  /**
   * Whether this policy keeps one run queue per priority, the one an entity sits on being chosen
   * when the DRM scheduler layer places the entity on a scheduler (kernels up to 7.1: {@code
   * drm_sched_entity_select_rq} takes {@code sched_rq[entity->priority]}). Then the priority the
   * policy sees for a queue is that of the run queue it sits on, which changes only when the entity
   * is re-balanced, and tearing a scheduler down stops the entities on its run queues ({@code
   * drm_sched_fini}). False by default: one run queue per scheduler and the priority seen as it is
   * now (Linux 7.2). Engines other than the DRM scheduler layer ignore it.
   *
   * @since 0.1
   */
  default boolean perPriorityRunQueues() {
    return false;
  }

  /**
   * The scheduler freed a finished job: it left the head of the scheduler's pending list (DRM's
   * {@code drm_sched_free_job_work}), which happens strictly in dispatch order, so a job that
   * finished behind an unfinished one is freed only after it. Called only by engines whose {@link
   * SchedulerView#reportsFreedJobs()} is true (the DRM scheduler simulator); other engines have
   * no separate free step, and a policy that charges work at free time must then derive it from
   * {@link SchedulingPolicy#onJobFinished}. Jobs that leave the pending list without being freed
   * (a timed-out job the driver reset, a job cancelled at teardown) are never reported here.
   *
   * @param job the freed job, never null
   * @param gpuTimeNs the job's GPU time: its finish time minus its scheduled time, where the
   *     scheduled time of a job queued behind another is moved to that job's finish time when
   *     that job is freed, as {@code drm_sched_get_finished_job} does; at least 0
   * @param scheduler the engine's view
   * @since 0.1
   */
  default void onJobFreed(JobView job, long gpuTimeNs, SchedulerView scheduler) {}
}
