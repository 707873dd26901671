package org.preemptlab.engine;

/**
 * Receives each job's record when the job finishes, in finish order, instead of the {@link
 * SimulationResult} keeping it ({@link Simulator#streamJobs}): a run's outputs can then be written
 * and its metrics kept as jobs finish, so that memory grows with the jobs in flight rather than
 * with every job of the run.
 */
@FunctionalInterface
public interface JobRecordSink {

  /**
   * Job {@code index} of the workload's job list finished.
   *
   * @param index the job's index in {@code Workload.jobs()}, or for a job an application
   *     submitted during the run, its place after the workload's jobs in submission order; each
   *     index comes once
   * @param record what happened to it
   */
  void finished(int index, JobRecord record);
}
