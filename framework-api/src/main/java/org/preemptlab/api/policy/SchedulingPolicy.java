package org.preemptlab.api.policy;

import java.util.Comparator;
import org.preemptlab.api.API;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Priority;

/**
 * Decides which ready job an engine launches next, and everything else a real GPU scheduler
 * controls. One instance serves one engine for one run; it is never shared.
 *
 * <p>The engine calls {@link #onJobReady} when a job's dependencies are met, the previous job of
 * its queue has been dispatched, its queue is not suspended and its queue's launch window ({@link
 * SchedulerView#launchWindow()}) has room, so the ready jobs of one queue arrive in submission
 * order. After every batch of events at one instant it calls {@link #selectNext} repeatedly: when
 * the chosen job's credits fit the engine's free credits it is dispatched (launched: handed to the
 * hardware) and {@link #onJobDispatched} follows; when they do not fit, nothing is dispatched until
 * credits are returned (a ready job without enough credits blocks the jobs behind it, as in the
 * Linux DRM scheduler).
 *
 * <p>What the policy controls beyond the launch order, through its {@link SchedulerView}: the
 * placement order of launched jobs ({@link #placementOrder()}), the SMs a job or queue may use,
 * suspending and resuming queues and jobs, priorities and weights, and preemption of all of a
 * victim, of chosen SMs, or of just enough SMs for a waiter. What the hardware decides: which SM
 * takes a block (the one with the most free thread slots among those allowed), how each block gives
 * up its SM (the preemption-point strategy), what is saved (the context-save strategy), and which
 * context has the device when contexts are time-sliced.
 *
 * <p>The protocol of one subsystem stays out of this interface: the DRM scheduler layer's own
 * callbacks (queued and freed jobs, per-priority run queues) are in {@link DrmSchedulingPolicy},
 * which that layer checks for.
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
   * order. The DRM scheduler layer and queue suspension call this. By default it is handled as
   * {@link #onJobDispatched}, which also makes the policy stop holding the job. An engine whose
   * {@link SchedulerView#reportsQueuedJobs()} is true also withdraws queued jobs the policy does
   * not hold (not yet ready), if the policy implements {@link DrmSchedulingPolicy#onJobQueued}.
   *
   * @param job a job the policy holds (or, see above, a queued one), never null
   * @param scheduler the engine's view
   * @since 0.1
   */
  default void onJobWithdrawn(JobView job, SchedulerView scheduler) {
    onJobDispatched(job, scheduler);
  }

  /** A job dispatched by this engine finished; its credits are back. */
  default void onJobFinished(JobView job, SchedulerView scheduler) {}

  /**
   * A job dispatched by this engine has blocks that could not be placed: no SM it may use has room,
   * or a job ahead of it in placement order is blocked (the hardware dispatches in order). Called
   * once per episode: at the end of the first placement pass in which the job is left with blocks
   * to place, after every placement of that pass, for each such job in placement order; called
   * again only after the job has placed another block and is blocked once more (a pass that places
   * some of its blocks but not all starts a new episode). Not called for a job that is held back
   * (suspended) or whose context is switched out. A preemptive policy answers with {@link
   * SchedulerView#preempt}; preemptions requested here are recorded as made for this job.
   */
  default void onJobBlocked(JobView job, SchedulerView scheduler) {}

  /**
   * The order in which the hardware block scheduler serves launched jobs when SM slots free, or
   * {@code null} (the default) for the hardware's own order: higher queue priority first, then
   * launch order. A policy that returns a comparator acts as a programmable block scheduler (as in
   * Tanasic et al., ISCA'14; Chimera, ASPLOS'15; LithOS, SOSP'25): the engine sorts the launched
   * jobs that have blocks to place with it before every placement pass (ties: launch order), so it
   * may read live values such as {@link JobView#attainedGpuNs()}. Asked once, when the run starts;
   * when several engines' policies answer, the first engine's (in {@code EngineKind} order) orders
   * them all.
   *
   * @since 0.1
   */
  default Comparator<JobView> placementOrder() {
    return null;
  }

  /** The time asked for with {@link SchedulerView#wakeAt} has come. */
  default void onTimer(SchedulerView scheduler) {}

  /**
   * A workload's hint: the application has started preparing a submission to queue {@code
   * queueId}, expected at {@code submitAtNs} (a {@link
   * org.preemptlab.api.model.QueueAction.Prepare}). Nothing by default; GPreempt's pre-preemption
   * starts the best-effort yield here.
   *
   * @since 0.1
   */
  default void onPreparation(String queueId, long submitAtNs, SchedulerView scheduler) {}

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
