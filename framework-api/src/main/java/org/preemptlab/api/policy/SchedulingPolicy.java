package org.preemptlab.api.policy;

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

  /** A job dispatched by this engine finished; its credits are back. */
  default void onJobFinished(JobView job, SchedulerView scheduler) {}

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
