/**
 * The metrics of PreemptLab, declared once as data ({@link org.preemptlab.runner.metrics.Metric}:
 * id, title, unit, direction, definition, and the function that computes it from a run's records)
 * in one registry ({@link org.preemptlab.runner.metrics.Metrics}), and computed for the whole run
 * or for one queue, context, priority or user-defined group of queues ({@link
 * org.preemptlab.runner.metrics.Scope}). {@code run}, {@code sweep}, {@code demo}, {@code
 * reproduce} and {@code bench} all read their numbers through it, so a metric means the same thing
 * in every report. A metric that is undefined for a run (a preemption latency without preemptions,
 * a percentile of an empty queue) is {@code NaN}, shown as {@code n/a} and never as zero.
 * Plugins add metrics of their own through {@code org.preemptlab.api.metrics}. Reference: {@code
 * docs/metrics.md}.
 *
 * <p>The package also holds what is computed from the registry: the metrics of one run ({@link
 * org.preemptlab.runner.metrics.RunMetrics}) and of each of its groups ({@link
 * org.preemptlab.runner.metrics.GroupStats}), and the statistics over seeds that sweeps report
 * ({@link org.preemptlab.runner.metrics.Statistics}, {@link
 * org.preemptlab.runner.metrics.Estimate}). Two summaries stay with their commands because only
 * they use them: {@code reproduce}'s pooled latency statistics read this registry, and {@code
 * bench}'s {@code Measurement} holds wall times and heap peaks of the simulator itself, not
 * metrics of a simulated run.
 */
package org.preemptlab.runner.metrics;
