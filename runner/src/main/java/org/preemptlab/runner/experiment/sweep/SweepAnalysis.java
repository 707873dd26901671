package org.preemptlab.runner.experiment.sweep;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The statistics of a finished sweep, computed in plan order (configuration by configuration,
 * seed by seed), never in the order runs completed, so that every report is the same whatever
 * {@code --jobs} was.
 *
 * @param plan the sweep's plan
 * @param points the statistics of every configuration, in plan order
 */
public record SweepAnalysis(SweepPlan plan, List<PointStats> points) {

  /** Copies the points. */
  public SweepAnalysis {
    points = List.copyOf(points);
  }

  /**
   * Analyses the results of a sweep.
   *
   * @param results one per run, in the order of {@link SweepPlan#runs()}
   */
  public static SweepAnalysis of(SweepPlan plan, List<RunResult> results) {
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
      Map<SweepMetric, Estimate> means = new EnumMap<>(SweepMetric.class);
      Map<SweepMetric, Estimate> differences = new EnumMap<>(SweepMetric.class);
      for (SweepMetric metric : SweepMetric.values()) {
        double[] values = values(own, metric);
        means.put(metric, Statistics.mean(values));
        if (p != baselineIndex) {
          differences.put(metric, Statistics.paired(values, values(baseline, metric)));
        }
      }
      points.add(new PointStats(plan.points().get(p), own, means, differences));
    }
    return new SweepAnalysis(plan, points);
  }

  private static double[] values(List<RunResult> results, SweepMetric metric) {
    return results.stream().mapToDouble(r -> r.value(metric)).toArray();
  }

  /** The metrics the sweep reports. */
  public List<SweepMetric> metrics() {
    return plan.config().reportedMetrics();
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
