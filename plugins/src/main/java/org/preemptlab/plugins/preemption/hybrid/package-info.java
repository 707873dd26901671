/**
 * The {@code hybrid} preemption strategy: user-level yield within a grace period, else a
 * kernel-level fallback ({@link org.preemptlab.plugins.preemption.shared.KernelFallback}). See
 * {@code docs/preemption.md} for the cost model.
 */
package org.preemptlab.plugins.preemption.hybrid;
