package org.preemptlab.runner.metrics;

import java.util.List;
import java.util.Objects;
import org.preemptlab.engine.PreemptionRecord;

/**
 * What a metric is computed from: the records of one scope of a run.
 *
 * @param jobs what the metrics keep of the jobs in the scope
 * @param preemptions the preemptions in the scope under the metric's {@link Scoping}, in request
 *     order
 * @param run the whole run (for run-level metrics)
 */
public record MetricInput(JobSamples jobs, List<PreemptionRecord> preemptions, RunData run) {

  /** Copies the preemptions. */
  public MetricInput {
    Objects.requireNonNull(jobs, "jobs");
    preemptions = List.copyOf(preemptions);
  }

  /** The slowdowns of the scope's jobs, in job order. */
  public double[] jobSlowdowns() {
    return jobs.slowdowns();
  }
}
