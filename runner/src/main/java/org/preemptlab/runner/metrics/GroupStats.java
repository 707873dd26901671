package org.preemptlab.runner.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.preemptlab.runner.metrics.Metrics;
import org.preemptlab.runner.metrics.RunData;
import org.preemptlab.runner.metrics.Scope;

/**
 * Statistics of one group of jobs: a queue, a context or a priority level, each read from the
 * {@link Metrics} registry over the group's {@link Scope} (a group is never empty).
 *
 * @param dimension what the group is, {@code queue}, {@code context} or {@code priority}
 * @param group the group's name
 * @param jobs jobs in the group
 * @param throughputJobsPerSec finished jobs per simulated second over the group's own span, from
 *     its first submission to its last completion
 * @param turnaroundMeanNs mean turnaround (finish − submit)
 * @param turnaroundP50Ns median turnaround
 * @param turnaroundP95Ns 95th percentile turnaround
 * @param turnaroundP99Ns 99th percentile turnaround
 * @param waitingMeanNs mean waiting time (first start − submit)
 * @param slowdownMean mean slowdown against the job run alone
 * @param preemptions preemptions suffered by the group's jobs
 * @param deadlineMisses jobs that finished after their deadline
 */
public record GroupStats(
    String dimension,
    String group,
    int jobs,
    double throughputJobsPerSec,
    double turnaroundMeanNs,
    long turnaroundP50Ns,
    long turnaroundP95Ns,
    long turnaroundP99Ns,
    double waitingMeanNs,
    double slowdownMean,
    int preemptions,
    int deadlineMisses) {

  /** Statistics per queue, per context and per priority, in that order, each sorted by name. */
  static List<GroupStats> of(RunData data) {
    List<GroupStats> all = new ArrayList<>();
    for (String dimension : List.of("queue", "context", "priority")) {
      for (String name : data.names(dimension)) {
        all.add(of(data, new Scope(dimension, name)));
      }
    }
    return all;
  }

  private static GroupStats of(RunData data, Scope scope) {
    ToDoubleFunction<Metric> value = data.over(scope); // the scope's jobs selected once
    return new GroupStats(scope.dimension(), scope.name(),
        (int) value.applyAsDouble(Metrics.JOBS),
        orZero(value.applyAsDouble(Metrics.THROUGHPUT)),
        value.applyAsDouble(Metrics.TURNAROUND_MEAN),
        (long) value.applyAsDouble(Metrics.TURNAROUND_P50),
        (long) value.applyAsDouble(Metrics.TURNAROUND_P95),
        (long) value.applyAsDouble(Metrics.TURNAROUND_P99),
        value.applyAsDouble(Metrics.WAITING_MEAN),
        value.applyAsDouble(Metrics.ANTT),
        (int) value.applyAsDouble(Metrics.PREEMPTIONS),
        (int) value.applyAsDouble(Metrics.DEADLINE_MISSES));
  }

  private static double orZero(double value) {
    return Double.isNaN(value) ? 0 : value;
  }
}
