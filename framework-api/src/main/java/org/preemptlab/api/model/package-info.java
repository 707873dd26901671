/**
 * The value types of the simulated workload: {@link org.preemptlab.api.model.GpuContext contexts},
 * {@link org.preemptlab.api.model.JobQueue queues}, {@link org.preemptlab.api.model.Job jobs},
 * {@link org.preemptlab.api.model.Kernel kernels} and their {@link
 * org.preemptlab.api.model.BlockProgram block programs}. All are immutable records that validate
 * their arguments; times are {@code long} nanoseconds.
 */
package org.preemptlab.api.model;
