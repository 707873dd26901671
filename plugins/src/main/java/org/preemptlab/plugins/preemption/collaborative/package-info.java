/**
 * The {@code collaborative} preemption strategy (Chimera): per SM, the cheapest of drain, save and
 * flush that meets a latency target, from one {@link
 * org.preemptlab.plugins.preemption.collaborative.SmEstimate} per technique. See {@code
 * docs/preemption.md} for the cost model.
 */
package org.preemptlab.plugins.preemption.collaborative;
