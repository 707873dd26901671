/**
 * Timelines of a run in the Chrome Trace Event format (JSON Object Format), which the Perfetto UI
 * (ui.perfetto.dev) and {@code chrome://tracing} open. {@link
 * org.preemptlab.runner.report.trace.TimelineWriter} observes a simulation as an {@link
 * org.preemptlab.engine.EngineListener} and streams one event per engine callback, in the
 * order the engine reports them, so memory does not grow with the length of the run. Tracks: one
 * process per SM with one thread per block slot (blocks, context saves and restores), one process
 * per hardware engine with one lane per concurrently dispatched job (plus queue-length counters
 * and preemption requests), and a device process for context switches. Times are written in
 * microseconds with exact nanosecond decimals, so the same run gives a byte-identical file. See
 * {@code docs/timeline.md}.
 */
package org.preemptlab.runner.report.trace;
