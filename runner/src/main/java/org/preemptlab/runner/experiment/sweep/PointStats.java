package org.preemptlab.runner.experiment.sweep;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.runner.metrics.Estimate;
import org.preemptlab.runner.metrics.MetricSelection;

/**
 * The statistics of one configuration of a sweep.
 *
 * @param point the configuration
 * @param results its runs, in seed order (with or without their turnarounds: {@link
 *     SweepAnalysis#turnarounds})
 * @param means the mean and confidence interval of every recorded metric over its successful
 *     runs, by {@link MetricSelection#key()}
 * @param differences the paired difference against its baseline ({@link SweepPlan#baselineOf})
 *     of every recorded metric, with its confidence interval, by key; empty for a baseline itself
 */
public record PointStats(SweepPoint point, List<RunResult> results,
    Map<String, Estimate> means, Map<String, Estimate> differences) {

  /** Copies the collections. */
  public PointStats {
    results = List.copyOf(results);
    means = Collections.unmodifiableMap(new LinkedHashMap<>(means));
    differences = Collections.unmodifiableMap(new LinkedHashMap<>(differences));
  }

  /** The runs that failed, in seed order. */
  public List<RunResult> failures() {
    return results.stream().filter(r -> !r.isOk()).toList();
  }

  /** The mean of {@code metric}. */
  public Estimate mean(MetricSelection metric) {
    return means.get(metric.key());
  }

  /** The paired difference of {@code metric} against the baseline, or null for the baseline. */
  public Estimate difference(MetricSelection metric) {
    return differences.get(metric.key());
  }
}
