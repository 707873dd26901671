package org.preemptlab.runner.reproduce;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.preemptlab.runner.engine.PreemptionRecord;
import org.preemptlab.runner.metrics.Percentiles;
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

  /** Pools the preemptions of {@code outcomes}. */
  static LatencyStats of(List<RunOutcome> outcomes) {
    List<PreemptionRecord> all = outcomes.stream()
        .flatMap(o -> o.result().preemptions().stream()).toList();
    Percentiles latency = Percentiles.of(all.stream().mapToLong(PreemptionRecord::latencyNs)
        .toArray());
    double toPoint = all.stream().mapToLong(p -> p.pointReachedNs() - p.requestNs()).average()
        .orElse(0);
    double bytes = all.stream().mapToLong(PreemptionRecord::bytesSaved).average().orElse(0);
    long savedBlocks = all.stream().mapToLong(PreemptionRecord::saved).sum();
    double perBlock = savedBlocks == 0 ? 0
        : (double) all.stream().mapToLong(PreemptionRecord::bytesSaved).sum() / savedBlocks;
    Map<String, Integer> levels = new TreeMap<>();
    outcomes.forEach(o -> o.metrics().blocksByLevel()
        .forEach((level, n) -> levels.merge(level, n, Integer::sum)));
    return new LatencyStats(all.size(), latency.at(50), latency.at(99), latency.mean(), toPoint,
        bytes, perBlock, levels);
  }

  /** The share of blocks each level served, in [0, 1], by level. */
  Map<String, Double> levelShares() {
    double total = levels.values().stream().mapToInt(Integer::intValue).sum();
    Map<String, Double> shares = new TreeMap<>();
    levels.forEach((level, n) -> shares.put(level, total == 0 ? 0 : n / total));
    return shares;
  }
}
