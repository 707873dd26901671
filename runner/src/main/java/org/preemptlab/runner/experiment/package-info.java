/**
 * Experiments: the run configuration bound from YAML ({@link
 * org.preemptlab.runner.experiment.RunConfig}), command-line overrides, plugin resolution with named
 * random streams ({@link org.preemptlab.runner.experiment.RunExecutor}) and the metrics of a run
 * ({@link org.preemptlab.runner.experiment.RunMetrics}).
 */
package org.preemptlab.runner.experiment;
