/**
 * Context-save strategies: how many bytes a block that stopped to preempt writes, and later reads
 * back. The hardware model turns the bytes into time, with separate save and restore costs.
 *
 * <ul>
 *   <li>{@code full} ({@link org.preemptlab.plugins.save.FullContextSave}): the block's whole
 *       allocation, registers and shared memory, as a naive hardware context switch saves it.
 *   <li>{@code liveness} ({@link org.preemptlab.plugins.save.LivenessContextSave}): only the
 *       registers and shared memory live at the stop point (Lin et al., SC'16), never more than
 *       {@code full}.
 *   <li>{@code compressed} ({@link org.preemptlab.plugins.save.CompressedContextSave}): the live
 *       bytes times a compression ratio, rounded up; restore reads the compressed bytes.
 *   <li>{@code none} ({@link org.preemptlab.plugins.save.NoContextSave}): nothing, for
 *       strategies that never save.
 * </ul>
 *
 * <p>Every strategy here restores exactly the bytes it saved. Registers are 32-bit, so 4 bytes
 * each.
 */
package org.preemptlab.plugins.save;
