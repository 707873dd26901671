/**
 * The {@code block-boundary} preemption strategy: every resident block drains to its end, as on
 * GPUs without instruction-level preemption. See {@code docs/preemption.md} for the cost model.
 */
package org.preemptlab.plugins.preemption.blockboundary;
