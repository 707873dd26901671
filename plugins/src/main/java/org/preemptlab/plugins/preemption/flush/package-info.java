/**
 * The {@code flush} preemption strategy: idempotent blocks are discarded and re-run; others get a
 * kernel-level fallback ({@link org.preemptlab.plugins.preemption.shared.KernelFallback}) or fail
 * the run. See {@code docs/preemption.md} for the cost model.
 */
package org.preemptlab.plugins.preemption.flush;
