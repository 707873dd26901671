/**
 * The Linux DRM GPU scheduler layer of the engine ({@link
 * org.preemptlab.runner.drm.DrmLayer}), run by the engine's own event loop through {@link
 * org.preemptlab.engine.EngineLayer}: entities and run queues, credits, the pending list
 * with in-order free, the single restartable TDR timer per scheduler with its outcomes, karma and
 * hang limit, entity kill and scheduler teardown, several schedulers with score-based load
 * balancing, dependencies with pipelining, closed-loop clients, and a scenario's script with the
 * KUnit assertions as expectations. Entity selection is delegated to a {@link
 * org.preemptlab.api.policy.SchedulingPolicy} ({@code drm-fifo}, {@code drm-rr}, {@code drm-fair}
 * or any other). Below each scheduler is a {@code DrmRing}: the KUnit mock GPU's serial timeline
 * on a hardware model that is one. Its events are engine events ordered by (time, sequence);
 * nothing reads the wall clock. Scenario files are read by {@code org.preemptlab.runner.scenario};
 * see {@code docs/drm-scheduler.md}.
 */
package org.preemptlab.runner.drm;
