/**
 * Experiments: the run configuration bound from YAML ({@link
 * org.preemptlab.runner.experiment.RunConfig}), command-line overrides, plugin resolution with named
 * random streams ({@link org.preemptlab.runner.experiment.RunExecutor}) and the isolated runs that
 * give each job's slowdown its denominator. The metrics of a run are computed in {@code
 * org.preemptlab.runner.metrics} ({@link org.preemptlab.runner.metrics.RunMetrics}).
 */
package org.preemptlab.runner.experiment;
