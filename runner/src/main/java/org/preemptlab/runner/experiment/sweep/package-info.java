/**
 * Sweeps: a base run configuration, the keys to vary and the seeds ({@link
 * org.preemptlab.runner.experiment.sweep.SweepConfig}), expanded into configurations and runs
 * ({@link org.preemptlab.runner.experiment.sweep.SweepPlan}), executed in parallel with per-run
 * timeouts and atomically written result files ({@link
 * org.preemptlab.runner.experiment.sweep.SweepRunner}, {@link
 * org.preemptlab.runner.experiment.sweep.ResultStore}), and summarised as means and paired
 * differences against a baseline with Student-t confidence intervals ({@link
 * org.preemptlab.runner.experiment.sweep.SweepAnalysis}). The metrics come from the registry in
 * {@link org.preemptlab.runner.metrics.Metrics}, selected per queue, context, priority or group.
 */
package org.preemptlab.runner.experiment.sweep;
