package org.preemptlab.runner.experiment.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * @param points the statistics of every configuration, in plan order
 */
public record SweepAnalysis(SweepPlan plan, List<MetricSelection> metrics,
    List<MetricSelection> recorded, List<PointStats> points) {

  /** Copies the lists. */
  public SweepAnalysis {
    metrics = List.copyOf(metrics);
    recorded = List.copyOf(recorded);
    points = List.copyOf(points);
  }

  /**
   * Analyses the results of a sweep.
   *
   * @param metrics the metrics to report
   * @param recorded every metric the runs record
   * @param results one per run, in the order of {@link SweepPlan#runs()}
   */
  public static SweepAnalysis of(SweepPlan plan, List<MetricSelection> metrics,
      List<MetricSelection> recorded, List<RunResult> results) {
    int seeds = plan.seeds().size();
    if (results.size() != plan.points().size() * seeds) {
      throw new IllegalArgumentException("expected " + plan.points().size() * seeds
          + " results, got " + results.size());
    }
    int baselineIndex = plan.points().indexOf(plan.baseline());
    List<RunResult> baseline = results.subList(baselineIndex * seeds,
        (baselineIndex + 1) * seeds);
    List<PointStats> points = new ArrayList<>();
    for (int p = 0; p < plan.points().size(); p++) {
      List<RunResult> own = results.subList(p * seeds, (p + 1) * seeds);
      Map<String, Estimate> means = new LinkedHashMap<>();
      Map<String, Estimate> differences = new LinkedHashMap<>();
      for (MetricSelection metric : recorded) {
        double[] values = values(own, metric);
        means.put(metric.key(), Statistics.mean(values));
        if (p != baselineIndex) {
          differences.put(metric.key(), Statistics.paired(values, values(baseline, metric)));
        }
      }
      points.add(new PointStats(plan.points().get(p), own, means, differences));
    }
    return new SweepAnalysis(plan, metrics, recorded, points);
  }

  private static double[] values(List<RunResult> results, MetricSelection metric) {
    return results.stream().mapToDouble(r -> r.value(metric)).toArray();
  }

  /** The statistics of the baseline configuration. */
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
