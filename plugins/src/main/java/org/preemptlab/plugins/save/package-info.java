/**
 * Context-save strategies: how many bytes a block that stopped to preempt writes, and later reads
 * back. The hardware model turns the bytes into time.
 *
 * <ul>
 *   <li>{@code full} ({@link org.preemptlab.plugins.save.FullContextSave}): the block's whole
 *       allocation, registers and shared memory, as a naive hardware context switch saves it.
 *   <li>{@code liveness} ({@link org.preemptlab.plugins.save.LivenessContextSave}): only the
 *       registers and shared memory live at the stop point (Lin et al., SC'16), never more than
 *       {@code full}.
 * </ul>
 *
 * <p>Both restore exactly what they saved. Registers are 32-bit, so 4 bytes each.
 */
package org.preemptlab.plugins.save;
