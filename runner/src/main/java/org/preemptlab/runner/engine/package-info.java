/**
 * The discrete-event simulation engine. {@link org.preemptlab.runner.engine.Simulator} runs one
 * {@link org.preemptlab.api.model.Workload} on one {@link org.preemptlab.api.hardware.HardwareModel}
 * with one set of plugins ({@link org.preemptlab.runner.engine.RunPlugins}) and returns a {@link
 * org.preemptlab.runner.engine.SimulationResult}.
 *
 * <p>Time is a {@code long} count of nanoseconds; events are totally ordered by {@code (time,
 * sequence number)}; nothing reads the wall clock, so a run is a pure function of its inputs.
 */
package org.preemptlab.runner.engine;
