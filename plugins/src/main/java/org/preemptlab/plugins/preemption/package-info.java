/**
 * Preemption-point strategies: where a resident block of a preempted kernel gives up its SM.
 *
 * <ul>
 *   <li>{@code block-boundary} ({@link org.preemptlab.plugins.preemption.BlockBoundaryStrategy}):
 *       every block drains to its end; the latency is the remaining block time.
 *   <li>{@code instruction-level} ({@link
 *       org.preemptlab.plugins.preemption.InstructionLevelStrategy}): the block stops at once if
 *       its progress is a safe stop, otherwise at the end of the segment it is in, and saves.
 *   <li>{@code user-yield} ({@link org.preemptlab.plugins.preemption.UserYieldStrategy}): a block
 *       whose context answers yield requests stops at the end of its next yield-point segment.
 * </ul>
 *
 * <p>Shared rules, in {@link org.preemptlab.plugins.preemption.ProgramPoints} and {@link
 * org.preemptlab.plugins.preemption.StopDecisions}: no stop falls inside a shared-memory, atomic or
 * barrier segment; and a stop that coincides with the block's end is a drain labelled {@value
 * org.preemptlab.plugins.preemption.StopDecisions#BLOCK_END}, since a block that has finished has
 * nothing left to save, restore or resume.
 */
package org.preemptlab.plugins.preemption;
