package org.preemptlab.runner.experiment;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.runner.engine.JobRecord;
import org.preemptlab.runner.engine.PreemptionRecord;
import org.preemptlab.runner.engine.SimulationResult;

/**
 * The metrics of one run (DESIGN.md §3.5).
 *
 * @param jobs jobs in the run
 * @param makespanNs when the last job finished
 * @param throughputJobsPerSec jobs per simulated second over the makespan
 * @param smUtilisation fraction of SM-time with at least one resident block
 * @param antt average normalised turnaround time: the mean slowdown (lower is better)
 * @param stp system throughput: the sum over jobs of isolated / shared turnaround (higher is
 *     better)
 * @param fairness smallest slowdown divided by the largest, in (0, 1] (1 is perfectly fair)
 * @param deadlineMisses jobs with a deadline that finished after it
 * @param preemptions preemptions performed
 * @param preemptionLatencyP50Ns median preemption latency (request to resources free)
 * @param preemptionLatencyP99Ns 99th percentile preemption latency
 * @param waiterLatencyP50Ns median time from a preemption request until the blocked job it was
 *     requested for placed its next block (preemptions with such a job only); 0 if none
 * @param waiterLatencyP99Ns 99th percentile of the same
 * @param bytesSavedPerPreemption mean context bytes saved per preemption
 * @param lostWorkNs block execution time discarded by flushes
 * @param contextSwitches time-slice context switches
 * @param blocksByLevel how many preempted blocks each mechanism served, by the strategies' level
 *     labels (e.g. {@code user-yield}, {@code instruction}), sorted by label
 * @param groups statistics per queue, context and priority
 * @param slowdowns each job's slowdown against running alone, by job id
 */
public record RunMetrics(
    int jobs,
    long makespanNs,
    double throughputJobsPerSec,
    double smUtilisation,
    double antt,
    double stp,
    double fairness,
    int deadlineMisses,
    int preemptions,
    long preemptionLatencyP50Ns,
    long preemptionLatencyP99Ns,
    long waiterLatencyP50Ns,
    long waiterLatencyP99Ns,
    double bytesSavedPerPreemption,
    long lostWorkNs,
    int contextSwitches,
    Map<String, Integer> blocksByLevel,
    List<GroupStats> groups,
    Map<Long, Double> slowdowns) {

  /** Copies the collections. */
  public RunMetrics {
    blocksByLevel = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(blocksByLevel));
    groups = List.copyOf(groups);
    slowdowns = Map.copyOf(slowdowns);
  }

  /**
   * Computes the metrics of a run.
   *
   * @param isolatedNs each job's turnaround when run alone, by job id
   */
  public static RunMetrics of(SimulationResult result, Map<Long, Long> isolatedNs) {
    List<JobRecord> jobs = result.jobs();
    Map<Long, Double> slowdowns = new HashMap<>();
    double slowdownSum = 0;
    double stp = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = 0;
    for (JobRecord job : jobs) {
      double slowdown = (double) job.turnaroundNs() / isolatedNs.get(job.jobId());
      slowdowns.put(job.jobId(), slowdown);
      slowdownSum += slowdown;
      stp += 1 / slowdown;
      min = Math.min(min, slowdown);
      max = Math.max(max, slowdown);
    }
    List<PreemptionRecord> preemptions = result.preemptions();
    Percentiles latency = Percentiles.of(preemptions.stream()
        .mapToLong(PreemptionRecord::latencyNs).toArray());
    Percentiles waiterLatency = Percentiles.of(preemptions.stream()
        .mapToLong(PreemptionRecord::waiterLatencyNs).filter(ns -> ns >= 0).toArray());
    double bytesPer = preemptions.stream().mapToLong(PreemptionRecord::bytesSaved).average()
        .orElse(0);
    long makespan = result.makespanNs();
    Map<String, Integer> levels = new java.util.TreeMap<>();
    for (PreemptionRecord p : preemptions) {
      p.levels().forEach((level, blocks) -> levels.merge(level, blocks, Integer::sum));
    }
    return new RunMetrics(
        jobs.size(),
        makespan,
        makespan == 0 ? 0 : jobs.size() * 1e9 / makespan,
        result.smBusyFraction(),
        jobs.isEmpty() ? 0 : slowdownSum / jobs.size(),
        stp,
        jobs.isEmpty() ? 1 : min / max,
        (int) jobs.stream().filter(JobRecord::missedDeadline).count(),
        preemptions.size(),
        latency.at(50),
        latency.at(99),
        waiterLatency.at(50),
        waiterLatency.at(99),
        bytesPer,
        jobs.stream().mapToLong(JobRecord::lostWorkNs).sum(),
        result.contextSwitches(),
        levels,
        GroupStats.of(jobs, slowdowns),
        slowdowns);
  }

  /** The statistics of one group, e.g. {@code group("queue", "inference")}, if present. */
  public java.util.Optional<GroupStats> group(String dimension, String name) {
    return groups.stream().filter(g -> g.dimension().equals(dimension) && g.group().equals(name))
        .findFirst();
  }
}
