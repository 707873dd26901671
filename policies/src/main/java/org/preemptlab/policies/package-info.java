/**
 * The built-in scheduling-policy plugins, one package per family:
 *
 * <ul>
 *   <li>{@code baseline}: {@code fifo}, {@code round-robin}, {@code priority} and {@code
 *       time-slice}, modelled on the Linux DRM scheduler's entity selection;
 *   <li>{@code share}: fairness and share policies ({@code fair-share}, {@code mlfq}, {@code
 *       utilization-partition});
 *   <li>{@code size}: size-based policies ({@code srpt}, {@code las});
 *   <li>{@code deadline}: deadline policies ({@code edf}, {@code k-edf}, {@code laxity});
 *   <li>{@code latency}: latency policies ({@code hpf}, {@code bounded-latency});
 *   <li>{@code interference}: interference-aware co-location ({@code orion});
 *   <li>{@code rate}: feedback rate control of opportunistic launches ({@code tgs});
 *   <li>{@code spatial}: SM quotas and stealing ({@code lithos});
 *   <li>{@code mechanism}: policies coupled to a preemption mechanism ({@code reset-realtime},
 *       {@code timeslice-yield});
 *   <li>{@code drm}: the DRM scheduler's own run-queue policies;
 *   <li>{@code rank}: building blocks the families share.
 * </ul>
 *
 * <p>Every policy keeps its own state, is created fresh for each engine of each run by its provider,
 * and spends O(log n) time per callback (n = ready jobs or known queues), so workloads of 100k jobs
 * stay cheap.
 */
package org.preemptlab.policies;
