/**
 * Workload sources of the runner: the {@code synthetic} generator, driven by a YAML {@link
 * org.preemptlab.runner.workload.SyntheticSpec spec} of contexts, queues, arrival processes and
 * kernel mixes, and the {@code csv-trace} reader of recorded or hand-written job lists. Both are
 * exposed as {@link org.preemptlab.api.workload.WorkloadProvider}s and as plain Java entry points
 * ({@link org.preemptlab.runner.workload.SyntheticWorkload}, {@link
 * org.preemptlab.runner.workload.SyntheticSpecs}, {@link
 * org.preemptlab.runner.workload.CsvTraceReader}). Recorded GPU traces (PyTorch profiler, Nsight
 * Systems) are replayed by the subpackage {@code trace}.
 *
 * <p>Every user mistake surfaces as a one-line {@link org.preemptlab.api.ConfigurationException}
 * naming the file, line and key (or column) and, where there are any, the valid choices. Generation
 * is deterministic: it draws only from the random stream it is given, split per queue by name.
 */
package org.preemptlab.runner.workload;
