package org.preemptlab.lab.reproduce;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.preemptlab.engine.PreemptionRecord;
import org.preemptlab.runner.metrics.Metric;
import org.preemptlab.runner.metrics.JobSamples;
import org.preemptlab.runner.metrics.MetricInput;
import org.preemptlab.runner.metrics.Metrics;
import org.preemptlab.runner.experiment.RunOutcome;

/**
 * Preemption statistics of one mechanism, pooled over the runs of several seeds.
 *
 * @param preemptions preemptions observed
 * @param p50Ns median preemption latency (request until the resources are free)
 * @param p99Ns 99th percentile latency
 * @param meanNs mean latency
 * @param meanToPointNs mean time from the request until the last block reached its stop point
 * @param bytesPerPreemption mean bytes saved per preemption
 * @param bytesPerSavedBlock mean bytes saved per block that stopped and saved
 * @param levels blocks served per mechanism level, summed over the runs
 */
record LatencyStats(int preemptions, long p50Ns, long p99Ns, double meanNs, double meanToPointNs,
    double bytesPerPreemption, double bytesPerSavedBlock, Map<String, Integer> levels) {

  /** Copies the levels. */
  LatencyStats {
    levels = java.util.Collections.unmodifiableMap(new TreeMap<>(levels));
  }

  /**
   * Pools the preemptions of {@code outcomes} and reads each statistic from the metric registry
   * ({@link Metrics}) over the pooled records, so the numbers mean what they mean everywhere
   * else; 0 where a metric is undefined (no preemption, no saved block).
   */
  static LatencyStats of(List<RunOutcome> outcomes) {
    List<PreemptionRecord> all = outcomes.stream()
        .flatMap(o -> o.result().preemptions().stream()).toList();
    MetricInput pooled = new MetricInput(JobSamples.empty(), all, null);
    Map<String, Integer> levels = new TreeMap<>();
    outcomes.forEach(o -> o.metrics().blocksByLevel()
        .forEach((level, n) -> levels.merge(level, n, Integer::sum)));
    return new LatencyStats(all.size(), (long) orZero(Metrics.ALL_FREED_LATENCY_P50, pooled),
        (long) orZero(Metrics.ALL_FREED_LATENCY_P99, pooled),
        orZero(Metrics.ALL_FREED_LATENCY_MEAN, pooled), orZero(Metrics.POINT_REACHED_MEAN, pooled),
        orZero(Metrics.BYTES_SAVED_PER_PREEMPTION, pooled),
        orZero(Metrics.BYTES_SAVED_PER_BLOCK, pooled), levels);
  }

  private static double orZero(Metric metric, MetricInput input) {
    double value = metric.compute(input);
    return Double.isNaN(value) ? 0 : value;
  }

  /** The share of blocks each level served, in [0, 1], by level. */
  Map<String, Double> levelShares() {
    double total = levels.values().stream().mapToInt(Integer::intValue).sum();
    Map<String, Double> shares = new TreeMap<>();
    levels.forEach((level, n) -> shares.put(level, total == 0 ? 0 : n / total));
    return shares;
  }
}
