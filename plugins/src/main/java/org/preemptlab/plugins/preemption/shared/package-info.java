/**
 * Rules shared by more than one preemption-strategy family: the kernel-level fallback of {@code
 * hybrid} and {@code flush} ({@link org.preemptlab.plugins.preemption.shared.KernelFallback}) and
 * exact overflow-free integer arithmetic ({@link org.preemptlab.plugins.preemption.shared.MulDiv}).
 * The stop rules every strategy, in-tree or not, obeys are in framework-api's {@link
 * org.preemptlab.api.preemption.StopRules}.
 */
package org.preemptlab.plugins.preemption.shared;
