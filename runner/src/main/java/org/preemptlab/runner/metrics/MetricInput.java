package org.preemptlab.runner.metrics;

import java.util.List;
import java.util.Map;
import org.preemptlab.runner.engine.JobRecord;
import org.preemptlab.runner.engine.JobTable;
import org.preemptlab.runner.engine.PreemptionRecord;

/**
 * What a metric is computed from: the records of one scope of a run.
 *
 * @param jobs the jobs in the scope, in the workload's order (a {@link JobTable})
 * @param preemptions the preemptions in the scope under the metric's {@link Scoping}, in request
 *     order
 * @param slowdowns each job's slowdown against running alone, by job id (every job of the run)
 * @param run the whole run (for run-level metrics)
 */
public record MetricInput(List<JobRecord> jobs, List<PreemptionRecord> preemptions,
    Map<Long, Double> slowdowns, RunData run) {

  /** Copies the lists (jobs into a {@link JobTable}, kept as it is if it is one). */
  public MetricInput {
    jobs = JobTable.copyOf(jobs);
    preemptions = List.copyOf(preemptions);
  }

  /** The slowdowns of the scope's jobs, in job order. */
  public double[] jobSlowdowns() {
    JobTable table = (JobTable) jobs;
    if (slowdowns instanceof JobValues values && values.covers(table)) {
      double[] out = new double[table.size()];
      for (int i = 0; i < out.length; i++) {
        out[i] = values.at(table, i);
      }
      return out;
    }
    return jobs.stream().mapToDouble(j -> slowdowns.get(j.jobId())).toArray();
  }
}
