package org.preemptlab.policies.drm;

import org.preemptlab.api.model.Priority;

/**
 * One entity's {@code drm_sched_entity_stats} (torvalds/linux
 * drivers/gpu/drm/scheduler/sched_internal.h @146cc263, Linux 7.2): GPU time charged so far, the
 * part already turned into vruntime, the vruntime, and the average job time. As in the kernel, the
 * vruntime field holds the entity's absolute vruntime while it is in a run queue and its saved
 * relative vruntime once it left ({@code drm_sched_entity_save_vruntime}). The kernel refcounts
 * this object from the entity and its jobs, so it follows an entity that {@code
 * drm_sched_entity_select_rq} moves to another scheduler: engines that keep per-queue state ({@link
 * org.preemptlab.api.policy.SchedulerView#queueState}) share one instance among the policies of all
 * schedulers. The priority is the entity's {@code priority} as last seen.
 */
final class EntityStats {
  final Ewma avgJobUs = new Ewma();
  long runtimeNs;
  long prevRuntimeNs;
  long vruntime;
  Priority priority = Priority.NORMAL;
}
