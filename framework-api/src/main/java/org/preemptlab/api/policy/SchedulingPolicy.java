package org.preemptlab.api.policy;

import org.preemptlab.api.API;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Priority;

/**
 * Decides which ready job an engine dispatches next, and whom to preempt. One instance serves one
 * engine for one run; it is never shared.
 *
 * <p>The engine calls {@link #onJobReady} when a job's dependencies are met and the previous job of
 * its queue has been dispatched, so the ready jobs of one queue arrive in submission order. After
 * every batch of events at one instant it calls {@link #selectNext} repeatedly: when the chosen
 * job's credits fit the engine's free credits it is dispatched and {@link #onJobDispatched} follows;
 * when they do not fit, nothing is dispatched until credits are returned (a ready job without enough
 * credits blocks the jobs behind it, as in the Linux DRM scheduler).
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface SchedulingPolicy {

  /** A job became ready; the policy now holds it until it is dispatched. */
  void onJobReady(JobView job, SchedulerView scheduler);

  /**
   * The job the engine should dispatch next, without removing it, or {@code null} to dispatch
   * nothing now. Must return a job the policy holds.
   */
  JobView selectNext(SchedulerView scheduler);

  /** The job returned by {@link #selectNext} was dispatched; the policy must stop holding it. */
  void onJobDispatched(JobView job, SchedulerView scheduler);

  /**
   * A job the policy holds leaves without being dispatched: its queue was killed or its scheduler
   * torn down (DRM's {@code drm_sched_entity_kill} and {@code drm_sched_fini} remove the entity
   * from its run queue), so the policy must stop holding it and forget the queue's place in its
   * order. Only the DRM scheduler simulator calls this. By default it is handled as {@link
   * #onJobDispatched}, which also makes the policy stop holding the job.
   *
   * @param job a job the policy holds, never null
   * @param scheduler the engine's view
   * @since 0.1
   */
  default void onJobWithdrawn(JobView job, SchedulerView scheduler) {
    onJobDispatched(job, scheduler);
  }

  /** A job dispatched by this engine finished; its credits are back. */
  default void onJobFinished(JobView job, SchedulerView scheduler) {}

  /**
   * The scheduler freed a finished job: it left the head of the scheduler's pending list (DRM's
   * {@code drm_sched_free_job_work}), which happens strictly in dispatch order, so a job that
   * finished behind an unfinished one is freed only after it. Called only by engines whose {@link
   * SchedulerView#reportsFreedJobs()} is true (the DRM scheduler simulator); other engines have
   * no separate free step, and a policy that charges work at free time must then derive it from
   * {@link #onJobFinished}. Jobs that leave the pending list without being freed (a timed-out job
   * the driver reset, a job cancelled at teardown) are never reported here.
   *
   * @param job the freed job, never null
   * @param gpuTimeNs the job's GPU time: its finish time minus its scheduled time, where the
   *     scheduled time of a job queued behind another is moved to that job's finish time when
   *     that job is freed, as {@code drm_sched_get_finished_job} does; at least 0
   * @param scheduler the engine's view
   * @since 0.1
   */
  default void onJobFreed(JobView job, long gpuTimeNs, SchedulerView scheduler) {}

  /**
   * A job dispatched by this engine has blocks that cannot be placed for lack of SM resources. Called
   * once each time the job becomes blocked. A preemptive policy answers with {@link
   * SchedulerView#preempt}.
   */
  default void onJobBlocked(JobView job, SchedulerView scheduler) {}

  /** The time asked for with {@link SchedulerView#wakeAt} has come. */
  default void onTimer(SchedulerView scheduler) {}

  /**
   * On a device that time-slices contexts (no concurrent contexts), how long {@code context} keeps
   * the device once switched in while other contexts wait, not counting the switch itself (as
   * NVIDIA's TSG time slice). Asked of the policy of the engine that runs the context's
   * highest-priority queue, each time the context's slice starts. The default is the hardware's
   * time slice.
   *
   * @param priority the highest priority among the context's queues
   */
  default long timeSliceNs(GpuContext context, Priority priority, SchedulerView scheduler) {
    return scheduler.device().costs().timeSliceNs();
  }
}
