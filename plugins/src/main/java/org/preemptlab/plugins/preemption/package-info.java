/**
 * Preemption-point strategies: where a resident block of a preempted kernel gives up its SM, and
 * what supporting preemption adds to execution. Each strategy family has a sub-package of its own
 * with its strategy, its provider and the helpers only it uses; rules two or more families share
 * are in {@code shared}. The cost models and their sources are in {@code docs/preemption.md}.
 *
 * <ul>
 *   <li>{@code block-boundary} ({@link
 *       org.preemptlab.plugins.preemption.blockboundary.BlockBoundaryStrategy}): every block
 *       drains to its end; the latency is the remaining block time.
 *   <li>{@code instruction-level} ({@link
 *       org.preemptlab.plugins.preemption.instructionlevel.InstructionLevelStrategy}): native
 *       hardware preemption stops at once if the progress is a safe stop, otherwise at the end of
 *       the segment it is in; compiler-inserted checks ({@link
 *       org.preemptlab.plugins.preemption.instructionlevel.SoftwareChecks}: after every
 *       instruction, after global-memory instructions, every N instructions) cost cycles per check
 *       and stop at the first safe check.
 *   <li>{@code user-yield} ({@link org.preemptlab.plugins.preemption.useryield.UserYieldStrategy}):
 *       a block whose context answers yield requests notices the request (at a yield point, at a
 *       periodic poll, or after an interrupt's latency) and stops at the end of the next yield
 *       point.
 *   <li>{@code hybrid} ({@link org.preemptlab.plugins.preemption.hybrid.HybridStrategy}):
 *       user-level yield within a grace period, else a kernel-level fallback.
 *   <li>{@code flush} ({@link org.preemptlab.plugins.preemption.flush.FlushStrategy}): idempotent
 *       blocks are discarded and re-run; others get a fallback or fail the run.
 *   <li>{@code collaborative} ({@link
 *       org.preemptlab.plugins.preemption.collaborative.CollaborativeStrategy}): per SM, the
 *       cheapest of drain, save and flush that meets a latency target (Chimera).
 * </ul>
 *
 * <p>The shared rules live in framework-api's {@link org.preemptlab.api.preemption.StopRules}, so
 * out-of-tree strategies use the same ones: no stop falls inside a shared-memory, atomic or
 * barrier segment; a delayed request is noticed no earlier than the delivery bound; and a stop
 * that coincides with the block's end is a drain labelled {@value
 * org.preemptlab.api.preemption.StopRules#BLOCK_END}, since a block that has finished has nothing
 * left to save, restore or resume.
 */
package org.preemptlab.plugins.preemption;
