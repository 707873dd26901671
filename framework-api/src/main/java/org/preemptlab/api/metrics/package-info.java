/**
 * How a plugin contributes metrics of its own to every report: its provider declares them once
 * ({@link org.preemptlab.api.metrics.ContributesMetrics}, checked before any run starts, so a
 * misspelt metric in a sweep file is reported with the valid names), and its instance reports
 * their values when the run has ended ({@link org.preemptlab.api.metrics.MetricReporter}). The
 * runner then prints, stores, compares and charts them like its built-in metrics, under the id
 * {@code <kind>.<metric>}, for example {@code policy.boosts}.
 *
 * <p>Both interfaces are optional additions beside a plugin's own SPI: a plugin that implements
 * neither contributes nothing.
 */
package org.preemptlab.api.metrics;
