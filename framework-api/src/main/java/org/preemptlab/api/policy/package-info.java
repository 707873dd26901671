/**
 * The scheduling-policy SPI. One {@link org.preemptlab.api.policy.SchedulingPolicy} instance runs
 * per hardware engine of a run, as one {@code drm_gpu_scheduler} runs per ring: it is told which
 * jobs became ready, chooses which one the engine dispatches next, and may ask the engine to preempt
 * running work through its read-only {@link org.preemptlab.api.policy.SchedulerView}.
 */
package org.preemptlab.api.policy;
