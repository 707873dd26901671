package org.preemptlab.engine;

import java.util.List;

/**
 * The outcome of one simulation run.
 *
 * @param jobs one record per job, in the workload's order (then the jobs applications submitted,
 *     in submission order), held as a compact {@link JobTable};
 *     empty when the run streamed its records ({@link Simulator#streamJobs}) or when a scheduler
 *     layer reports its jobs itself
 * @param preemptions one record per preemption, in request order
 * @param makespanNs when the last job finished
 * @param smBusyFraction the fraction of SM-time, over the makespan, with at least one block resident
 * @param contextSwitches time-slice context switches performed
 * @param events events processed
 * @param blocksExecuted block executions started (a preempted block that resumes counts again)
 * @param suspensions one record per queue suspension, in order of resumption (those never resumed
 *     last)
 * @param policyDecisions how often the policy departed from the hardware's own order
 */
public record SimulationResult(
    List<JobRecord> jobs,
    List<PreemptionRecord> preemptions,
    long makespanNs,
    double smBusyFraction,
    int contextSwitches,
    long events,
    long blocksExecuted,
    List<SuspensionRecord> suspensions,
    PolicyDecisions policyDecisions) {

  /** Copies the lists (the jobs into a {@link JobTable}, kept as it is if it is one). */
  public SimulationResult {
    jobs = JobTable.copyOf(jobs);
    preemptions = List.copyOf(preemptions);
    suspensions = List.copyOf(suspensions);
    java.util.Objects.requireNonNull(policyDecisions, "policyDecisions");
  }

  /** A result whose policy decisions were not counted. */
  public SimulationResult(List<JobRecord> jobs, List<PreemptionRecord> preemptions,
      long makespanNs, double smBusyFraction, int contextSwitches, long events,
      long blocksExecuted, List<SuspensionRecord> suspensions) {
    this(jobs, preemptions, makespanNs, smBusyFraction, contextSwitches, events, blocksExecuted,
        suspensions, PolicyDecisions.NOT_RECORDED);
  }

  /** A result without suspensions. */
  public SimulationResult(List<JobRecord> jobs, List<PreemptionRecord> preemptions,
      long makespanNs, double smBusyFraction, int contextSwitches, long events,
      long blocksExecuted) {
    this(jobs, preemptions, makespanNs, smBusyFraction, contextSwitches, events, blocksExecuted,
        List.of());
  }
}
