package org.preemptlab.runner.experiment;

import org.preemptlab.engine.JobRecord;

/**
 * Receives each job's record as the job finishes, with its slowdown, when a run streams its job
 * records ({@link RunExecutor#execute(RunConfig, org.preemptlab.engine.EngineListener,
 * FinishedJobs)}) instead of keeping them: a {@code jobs.csv} writer, for example.
 */
@FunctionalInterface
public interface FinishedJobs {
  /** Keeps nothing: a run whose outputs are its metrics only (a sweep's runs). */
  FinishedJobs NONE = (index, record, slowdown) -> { };

  /**
   * Job {@code index} of the workload's job list finished; called in finish order, once per job.
   *
   * @param index the job's index in {@code Workload.jobs()}
   * @param record what happened to it
   * @param slowdown its turnaround over its turnaround when run alone
   */
  void finished(int index, JobRecord record, double slowdown);
}
