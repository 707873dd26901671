package org.preemptlab.runner.metrics;

import java.util.List;
import java.util.Map;
import org.preemptlab.engine.PreemptionRecord;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.runner.metrics.Metric;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.metrics.Metrics;
import org.preemptlab.runner.metrics.RunData;
import org.preemptlab.runner.metrics.Scope;

/**
 * The metrics of one run (DESIGN.md §3.5), read from the {@link Metrics} registry: a snapshot of
 * the common ones as fields, and any metric over any scope through {@link #value}. The fields hold
 * 0 where a metric is undefined (no jobs, no preemptions); {@link #value} answers NaN there.
 *
 * @param data the records the metrics are computed from
 * @param jobs jobs in the run
 * @param makespanNs when the last job finished
 * @param throughputJobsPerSec {@link Metrics#THROUGHPUT}
 * @param smUtilisation fraction of SM-time with at least one resident block
 * @param antt average normalised turnaround time: the mean slowdown (lower is better)
 * @param stp system throughput: the sum over jobs of isolated / shared turnaround (higher is
 *     better)
 * @param fairness smallest slowdown divided by the largest, in (0, 1] (1 is perfectly fair)
 * @param deadlineMisses jobs with a deadline that finished after it
 * @param preemptions preemptions performed
 * @param preemptionLatencyP50Ns median preemption latency until every victim block was freed
 *     ({@link Metrics#ALL_FREED_LATENCY_P50})
 * @param preemptionLatencyP99Ns 99th percentile of the same
 * @param waiterLatencyP50Ns median time from a preemption request until the blocked job it was
 *     requested for placed its next block ({@link Metrics#WAITER_LATENCY_P50}); 0 if none
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
    RunData data,
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
    slowdowns = slowdowns instanceof JobValues compact ? compact
        : Map.copyOf(slowdowns);
  }

  /**
   * Computes the metrics of a run.
   *
   * @param isolatedNs each job's turnaround when run alone, by job id
   */
  public static RunMetrics of(SimulationResult result, Map<Long, Long> isolatedNs) {
    return of(RunData.of(result, isolatedNs));
  }

  /** Computes the metrics of a run from its data. */
  public static RunMetrics of(RunData data) {
    Map<String, Integer> levels = new java.util.TreeMap<>();
    for (PreemptionRecord p : data.result().preemptions()) {
      p.levels().forEach((level, blocks) -> levels.merge(level, blocks, Integer::sum));
    }
    return new RunMetrics(
        data,
        data.jobs().size(),
        data.result().makespanNs(),
        orZero(data, Metrics.THROUGHPUT),
        data.result().smBusyFraction(),
        orZero(data, Metrics.ANTT),
        orZero(data, Metrics.STP),
        data.jobs().isEmpty() ? 1 : data.value(Metrics.FAIRNESS, Scope.ALL),
        (int) orZero(data, Metrics.DEADLINE_MISSES),
        data.result().preemptions().size(),
        (long) orZero(data, Metrics.ALL_FREED_LATENCY_P50),
        (long) orZero(data, Metrics.ALL_FREED_LATENCY_P99),
        (long) orZero(data, Metrics.WAITER_LATENCY_P50),
        (long) orZero(data, Metrics.WAITER_LATENCY_P99),
        orZero(data, Metrics.BYTES_SAVED_PER_PREEMPTION),
        (long) orZero(data, Metrics.LOST_WORK),
        data.result().contextSwitches(),
        levels,
        GroupStats.of(data),
        data.slowdowns());
  }

  private static double orZero(RunData data, Metric metric) {
    double value = data.value(metric, Scope.ALL);
    return Double.isNaN(value) ? 0 : value;
  }

  /** The value of {@code metric} over the whole run; NaN where it is undefined. */
  public double value(Metric metric) {
    return data.value(metric, Scope.ALL);
  }

  /** The value of {@code selection}; NaN where it is undefined. */
  public double value(MetricSelection selection) {
    return data.value(selection);
  }

  /** The statistics of one group, e.g. {@code group("queue", "inference")}, if present. */
  public java.util.Optional<GroupStats> group(String dimension, String name) {
    return groups.stream().filter(g -> g.dimension().equals(dimension) && g.group().equals(name))
        .findFirst();
  }
}
