/**
 * A deterministic simulator of the Linux DRM GPU scheduler at the scheduler level, running
 * scenario files on the {@code drm-mock} hardware (the KUnit mock GPU): pending list with in-order
 * free, the single restartable TDR timer per scheduler, karma and hang limit, entity kill and
 * scheduler teardown, several schedulers with score-based load balancing, credits, dependencies
 * with pipelining, closed-loop clients, and the KUnit assertions as expectations. Entity selection
 * is delegated to a {@link org.preemptlab.api.policy.SchedulingPolicy} ({@code drm-fifo}, {@code
 * drm-rr}, {@code drm-fair} or any other). Time is a {@code long} count of nanoseconds; events are
 * ordered by (time, sequence); nothing reads the wall clock. See {@code docs/drm-scheduler.md}.
 */
package org.preemptlab.runner.engine.drm;
