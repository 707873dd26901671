/**
 * The baseline scheduling policies, modelled on the Linux DRM scheduler's entity selection:
 *
 * <ul>
 *   <li>{@code fifo} ({@link org.preemptlab.policies.baseline.FifoPolicy}): oldest submission
 *       first, as DRM's FIFO run queue;
 *   <li>{@code round-robin} ({@link org.preemptlab.policies.baseline.RoundRobinPolicy}): queues
 *       take turns, as DRM's RR run queue, keeping the turn when credits are short;
 *   <li>{@code priority} ({@link org.preemptlab.policies.baseline.PriorityPolicy}): strict priority
 *       with round-robin within a level, as DRM's per-priority run queues, plus optional preemption
 *       of lower-priority resident jobs when a job cannot get SM resources;
 *   <li>{@code time-slice} ({@link org.preemptlab.policies.baseline.TimeSlicePolicy}): round-robin
 *       dispatch plus per-priority time slices between contexts that may not share SMs, with NVIDIA
 *       nvgpu's TSG slice defaults ({@link org.preemptlab.policies.baseline.SliceLengths}).
 * </ul>
 */
package org.preemptlab.policies.baseline;
