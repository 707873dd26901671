package org.preemptlab.runner.experiment.sweep;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The statistics of one configuration of a sweep.
 *
 * @param point the configuration
 * @param results its runs, in seed order
 * @param means the mean and confidence interval of every metric over its successful runs
 * @param differences the paired difference against the baseline of every metric, with its
 *     confidence interval; empty for the baseline itself
 */
public record PointStats(SweepPoint point, List<RunResult> results,
    Map<SweepMetric, Estimate> means, Map<SweepMetric, Estimate> differences) {

  /** Copies the collections. */
  public PointStats {
    results = List.copyOf(results);
    means = copy(means);
    differences = copy(differences);
  }

  private static Map<SweepMetric, Estimate> copy(Map<SweepMetric, Estimate> map) {
    Map<SweepMetric, Estimate> copy = new EnumMap<>(SweepMetric.class);
    copy.putAll(map);
    return Collections.unmodifiableMap(copy);
  }

  /** The runs that failed, in seed order. */
  public List<RunResult> failures() {
    return results.stream().filter(r -> !r.isOk()).toList();
  }

  /** The mean of {@code metric}. */
  public Estimate mean(SweepMetric metric) {
    return means.get(metric);
  }

  /** The paired difference of {@code metric} against the baseline, or null for the baseline. */
  public Estimate difference(SweepMetric metric) {
    return differences.get(metric);
  }
}
