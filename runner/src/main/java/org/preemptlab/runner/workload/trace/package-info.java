/**
 * Replay of GPU traces recorded on real hardware: the {@code pytorch-trace} workload (the Kineto
 * Chrome-trace JSON of the PyTorch profiler), the {@code nsys-trace} workload (the CSV of {@code
 * nsys stats --report cuda_gpu_trace}) and the {@code trace-mix} workload that co-locates several
 * traces as separate contexts with their own priorities.
 *
 * <p>Reading and mapping are separate steps. A reader ({@link
 * org.preemptlab.runner.workload.trace.KinetoTraceReader}, {@link
 * org.preemptlab.runner.workload.trace.NsysCsvReader}) turns a file into a {@link
 * org.preemptlab.runner.workload.trace.RecordedTrace}: the GPU operations as the profiler saw them,
 * in the trace's own units. {@link org.preemptlab.runner.workload.trace.TraceReplay} then maps the
 * operations of one device onto contexts, queues and jobs under the {@link
 * org.preemptlab.runner.workload.trace.TraceOptions} a user chose; {@link
 * org.preemptlab.runner.workload.trace.BlockDurations} holds the documented rule that turns a
 * kernel's traced duration into the duration of one of its blocks. {@code docs/traces.md} describes
 * the mapping and its assumptions.
 *
 * <p>Every mistake in a trace is a one-line {@link org.preemptlab.api.ConfigurationException} that
 * names the file, and the line where one is known.
 */
package org.preemptlab.runner.workload.trace;
