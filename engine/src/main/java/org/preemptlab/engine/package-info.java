/**
 * The discrete-event simulation engine. {@link org.preemptlab.engine.Simulator} runs one
 * {@link org.preemptlab.api.model.Workload} on one {@link org.preemptlab.api.hardware.HardwareModel}
 * with one set of plugins ({@link org.preemptlab.engine.RunPlugins}) and returns a {@link
 * org.preemptlab.engine.SimulationResult}.
 *
 * <p>Time is a {@code long} count of nanoseconds; events are totally ordered by {@code (time,
 * sequence number)}; nothing reads the wall clock, so a run is a pure function of its inputs.
 *
 * <p>The engine is in parts (the launcher and its queue actions, the block scheduler, the
 * preemptor, the time slicer, the policy engines; the launcher and the block scheduler are each
 * made of smaller classes that only they name), each owning its state and offering the others a
 * narrow interface ({@code Placement}, {@code Eviction}, {@code ContextResidency}, {@code
 * JobLifecycle}, {@code LaunchGate}, {@code StopPoints}, {@code QueueControl}, {@code
 * PreemptionRequests}, {@code Slicing}); what they all share is
 * {@code RunServices}. The simulator assembles the parts and runs the loop; docs/architecture.md
 * draws the map.
 */
package org.preemptlab.engine;
