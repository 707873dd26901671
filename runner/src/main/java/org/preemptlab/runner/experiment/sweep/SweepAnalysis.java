package org.preemptlab.runner.experiment.sweep;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.preemptlab.runner.metrics.Estimate;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.metrics.Statistics;

/**
 * The statistics of a finished sweep, computed in plan order (configuration by configuration,
 * seed by seed), never in the order runs completed, so that every report is the same whatever
 * {@code --jobs} was.
 *
 * @param plan the sweep's plan
 * @param metrics the metrics the sweep reports, in the order its file names them
 * @param recorded every metric its runs record ({@link RunResult#recorded})
 *
 * <p>The runs' results may be held {@link RunResult#withoutTurnarounds() without} their jobs'
 * turnarounds: {@link #turnarounds(RunResult)} reads them from the {@link TurnaroundSource} when a
 * report needs them, so the analysis of a sweep of many runs of many jobs holds a few KiB per run.
 *
 * @param points the statistics of every configuration, in plan order
 * @param queues the queues of every successful run, sorted (one turnaround CDF each)
 * @param source where the runs' turnarounds are read
 */
public record SweepAnalysis(SweepPlan plan, List<MetricSelection> metrics,
    List<MetricSelection> recorded, List<PointStats> points, SortedSet<String> queues,
    TurnaroundSource source) {

  /** Copies the collections. */
  public SweepAnalysis {
    metrics = List.copyOf(metrics);
    recorded = List.copyOf(recorded);
    points = List.copyOf(points);
    queues = Collections.unmodifiableSortedSet(new TreeSet<>(queues));
    Objects.requireNonNull(source, "source");
  }

  /**
   * Analyses the results of a sweep whose turnarounds come from {@code source}; reads them once,
   * one run at a time, for the names of the queues.
   *
   * @param metrics the metrics to report
   * @param recorded every metric the runs record
   * @param results one per run, in the order of {@link SweepPlan#runs()}, with or without their
   *     turnarounds
   * @param source where the runs' turnarounds are read
   */
  public static SweepAnalysis of(SweepPlan plan, List<MetricSelection> metrics,
      List<MetricSelection> recorded, List<RunResult> results, TurnaroundSource source) {
    int seeds = plan.seeds().size();
    checkArgument(results.size() == plan.points().size() * seeds, "expected %s results, got %s",
        plan.points().size() * seeds, results.size());
    List<PointStats> points = new ArrayList<>();
    for (int p = 0; p < plan.points().size(); p++) {
      int baselineIndex = plan.points().indexOf(plan.baselineOf(plan.points().get(p)));
      List<RunResult> baseline = results.subList(baselineIndex * seeds,
          (baselineIndex + 1) * seeds);
      List<RunResult> own = results.subList(p * seeds, (p + 1) * seeds);
      Map<String, Estimate> means = new LinkedHashMap<>();
      Map<String, Estimate> differences = new LinkedHashMap<>();
      for (MetricSelection metric : recorded) {
        double[] values = values(own, metric);
        double lower = metric.metric().lowerBound();
        double upper = metric.metric().upperBound();
        means.put(metric.key(), Statistics.mean(values).within(lower, upper));
        if (p != baselineIndex) {
          differences.put(metric.key(), Statistics.paired(values, values(baseline, metric))
              .within(lower - upper, upper - lower));
        }
      }
      points.add(new PointStats(plan.points().get(p), own, means, differences));
    }
    SortedSet<String> queues = new TreeSet<>();
    results.stream().filter(RunResult::isOk)
        .forEach(r -> queues.addAll(source.turnarounds(r).keySet()));
    return new SweepAnalysis(plan, metrics, recorded, points, queues, source);
  }

  /**
   * The turnaround of every job of {@code result}'s run by queue (sorted), in workload order;
   * empty for a failed run.
   */
  public Map<String, long[]> turnarounds(RunResult result) {
    return source.turnarounds(result);
  }

  private static double[] values(List<RunResult> results, MetricSelection metric) {
    return results.stream().mapToDouble(r -> r.value(metric)).toArray();
  }

  /** The statistics of the baseline configuration (with groups, the first group's). */
  public PointStats baseline() {
    return points.get(plan.points().indexOf(plan.baseline()));
  }

  /** The statistics of the configuration called {@code key}. */
  public Optional<PointStats> point(String key) {
    return points.stream().filter(p -> p.point().key().equals(key)).findFirst();
  }

  /** Every run, in plan order. */
  public List<RunResult> results() {
    return points.stream().flatMap(p -> p.results().stream()).toList();
  }

  /** Runs that failed, in plan order. */
  public List<RunResult> failures() {
    return results().stream().filter(r -> !r.isOk()).toList();
  }
}
