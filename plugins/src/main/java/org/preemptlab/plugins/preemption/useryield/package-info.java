/**
 * The {@code user-yield} preemption strategy: a block whose context answers yield requests notices
 * the request (at a yield point, at a periodic poll modelled by {@link
 * org.preemptlab.plugins.preemption.useryield.PollSchedule}, or after an interrupt's latency) and
 * stops at the end of the next yield point. See {@code docs/preemption.md} for the cost model.
 */
package org.preemptlab.plugins.preemption.useryield;
