/**
 * Scheduling policies that behave as the Linux DRM GPU scheduler ({@code
 * drivers/gpu/drm/scheduler}); an entity is a {@link org.preemptlab.api.model.JobQueue} and a job's
 * credits are {@link org.preemptlab.api.model.Job#credits()}:
 *
 * <ul>
 *   <li>{@code drm-fifo} and {@code drm-rr} ({@link org.preemptlab.policies.drm.DrmClassicPolicy},
 *       kernels up to 7.1): one run queue per priority served strictly KERNEL, HIGH, NORMAL, LOW
 *       ({@code drm_sched_select_entity}); within a run queue the entity whose head job was
 *       submitted first ({@code drm_sched_rq_select_entity_fifo}) or the next entity after the one
 *       served last ({@code drm_sched_rq_select_entity_rr});
 *   <li>{@code drm-fair} ({@link org.preemptlab.policies.drm.DrmFairPolicy}, 7.2): one tree per
 *       scheduler keyed by each entity's vruntime, which grows by the GPU time of its freed jobs
 *       shifted by its priority ({@code sched_rq.c}).
 * </ul>
 *
 * <p>In every one a chosen entity whose head job does not fit the free credits blocks everything
 * behind it: the engine dispatches nothing until credits return ({@code -ENOSPC}). The policies
 * work as the engine's own policy and as the policy of each scheduler of the engine's DRM
 * scheduler layer ({@code org.preemptlab.runner.drm}); see {@code docs/drm-scheduler.md}.
 */
package org.preemptlab.policies.drm;
