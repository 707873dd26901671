package org.preemptlab.runner.experiment.sweep;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.experiment.GroupStats;
import org.preemptlab.runner.experiment.RunMetrics;

/**
 * The metrics a sweep reports, declared once as data: a name, the unit it is stored in, the unit
 * and precision it is shown in, whether higher is better, and how to read it from a run's {@link
 * RunMetrics}. Every report (tidy CSV, Markdown, HTML, terminal, charts) prints a metric through
 * this declaration, so they agree. A metric that is undefined in a run (a preemption latency in a
 * run without preemptions) is NaN there and left out of that configuration's statistics.
 */
public enum SweepMetric {
  /** Median turnaround of the jobs of the highest priority present. */
  HIGH_TURNAROUND_P50("high-turnaround-p50", "ns", "us", 1e-3, 1, false,
      "highest-priority turnaround p50", m -> high(m).turnaroundP50Ns()),
  /** 99th percentile turnaround of the jobs of the highest priority present. */
  HIGH_TURNAROUND_P99("high-turnaround-p99", "ns", "us", 1e-3, 1, false,
      "highest-priority turnaround p99", m -> high(m).turnaroundP99Ns()),
  /** Deadline misses of the jobs of the highest priority present. */
  HIGH_DEADLINE_MISSES("high-deadline-misses", "jobs", "jobs", 1, 2, false,
      "highest-priority deadline misses", m -> high(m).deadlineMisses()),
  /** Median preemption latency; undefined without preemptions. */
  PREEMPTION_LATENCY_P50("preemption-latency-p50", "ns", "us", 1e-3, 1, false,
      "preemption latency p50", m -> m.preemptions() == 0 ? Double.NaN
          : m.preemptionLatencyP50Ns()),
  /** 99th percentile preemption latency; undefined without preemptions. */
  PREEMPTION_LATENCY_P99("preemption-latency-p99", "ns", "us", 1e-3, 1, false,
      "preemption latency p99", m -> m.preemptions() == 0 ? Double.NaN
          : m.preemptionLatencyP99Ns()),
  /** Mean context bytes saved per preemption; undefined without preemptions. */
  BYTES_SAVED_PER_PREEMPTION("bytes-saved-per-preemption", "bytes", "KiB", 1.0 / 1024, 1, false,
      "bytes saved per preemption", m -> m.preemptions() == 0 ? Double.NaN
          : m.bytesSavedPerPreemption()),
  /** Preemptions performed. */
  PREEMPTIONS("preemptions", "preemptions", "preemptions", 1, 1, false, "preemptions",
      RunMetrics::preemptions),
  /** Throughput of the jobs of the lowest priority present, over their own span. */
  LOW_THROUGHPUT("low-throughput", "jobs/s", "jobs/s", 1, 1, true,
      "lowest-priority throughput", m -> low(m).throughputJobsPerSec()),
  /** When the last job finished. */
  MAKESPAN("makespan", "ns", "ms", 1e-6, 3, false, "makespan", RunMetrics::makespanNs),
  /** Average normalised turnaround time (mean slowdown). */
  ANTT("antt", "ratio", "ratio", 1, 3, false, "ANTT", RunMetrics::antt),
  /** System throughput: the sum of isolated over shared turnaround. */
  STP("stp", "jobs", "jobs", 1, 2, true, "STP", RunMetrics::stp),
  /** Smallest slowdown over largest slowdown. */
  FAIRNESS("fairness", "ratio", "ratio", 1, 3, true, "fairness", RunMetrics::fairness),
  /** Jobs of every priority that missed their deadline. */
  DEADLINE_MISSES("deadline-misses", "jobs", "jobs", 1, 2, false, "deadline misses",
      RunMetrics::deadlineMisses),
  /** Fraction of SM-time with at least one resident block. */
  SM_UTILISATION("sm-utilisation", "fraction", "%", 100, 1, true, "SM utilisation",
      RunMetrics::smUtilisation),
  /** Block execution time discarded by flushes. */
  LOST_WORK("lost-work", "ns", "us", 1e-3, 1, false, "lost work", RunMetrics::lostWorkNs);

  /** What a sweep reports when its file names no {@code metrics}. */
  public static final List<SweepMetric> DEFAULTS = List.of(HIGH_TURNAROUND_P50,
      HIGH_TURNAROUND_P99, PREEMPTION_LATENCY_P50, PREEMPTION_LATENCY_P99,
      BYTES_SAVED_PER_PREEMPTION, LOW_THROUGHPUT, MAKESPAN, ANTT, STP, FAIRNESS, DEADLINE_MISSES);

  private final String key;
  private final String unit;
  private final String displayUnit;
  private final double displayScale;
  private final int decimals;
  private final boolean higherIsBetter;
  private final String title;
  private final ToDoubleFunction<RunMetrics> extractor;

  SweepMetric(String key, String unit, String displayUnit, double displayScale, int decimals,
      boolean higherIsBetter, String title, ToDoubleFunction<RunMetrics> extractor) {
    this.key = key;
    this.unit = unit;
    this.displayUnit = displayUnit;
    this.displayScale = displayScale;
    this.decimals = decimals;
    this.higherIsBetter = higherIsBetter;
    this.title = title;
    this.extractor = extractor;
  }

  /** The name in files and in a sweep's {@code metrics} list, e.g. {@code high-turnaround-p99}. */
  public String key() {
    return key;
  }

  /** The unit values are stored in (CSV and result files), e.g. {@code ns}. */
  public String unit() {
    return unit;
  }

  /** The unit values are shown in (tables and charts), e.g. {@code us}. */
  public String displayUnit() {
    return displayUnit;
  }

  /** Whether a larger value is an improvement. */
  public boolean higherIsBetter() {
    return higherIsBetter;
  }

  /** A short human title, e.g. {@code highest-priority turnaround p99}. */
  public String title() {
    return title;
  }

  /** The title with the display unit and direction, e.g. {@code ... (us, lower is better)}. */
  public String heading() {
    return title + " (" + displayUnit + ", " + (higherIsBetter ? "higher" : "lower")
        + " is better)";
  }

  /** The value of this metric in a run, in {@link #unit()}; NaN when undefined. */
  public double extract(RunMetrics metrics) {
    return extractor.applyAsDouble(metrics);
  }

  /** A stored value converted to the display unit. */
  public double display(double value) {
    return value * displayScale;
  }

  /** A stored value in the display unit with the metric's precision; {@code n/a} for NaN. */
  public String format(double value) {
    if (Double.isNaN(value)) {
      return "n/a";
    }
    return String.format(java.util.Locale.ROOT, "%." + decimals + "f", display(value));
  }

  /** The metric called {@code key}, or empty. */
  public static Optional<SweepMetric> byKey(String key) {
    return Arrays.stream(values()).filter(m -> m.key.equals(key)).findFirst();
  }

  /**
   * The metric called {@code key}.
   *
   * @throws ConfigurationException with the valid names and the closest match
   */
  public static SweepMetric of(String key) {
    return byKey(key).orElseThrow(() -> ConfigurationException.unknown("metric", key,
        Arrays.stream(values()).map(SweepMetric::key).toList()));
  }

  /** The statistics of the highest priority present (the first in {@code Priority} order). */
  static GroupStats high(RunMetrics metrics) {
    return priorities(metrics).get(0);
  }

  /** The statistics of the lowest priority present. */
  static GroupStats low(RunMetrics metrics) {
    List<GroupStats> all = priorities(metrics);
    return all.get(all.size() - 1);
  }

  private static List<GroupStats> priorities(RunMetrics metrics) {
    List<GroupStats> all = metrics.groups().stream()
        .filter(g -> g.dimension().equals("priority"))
        .sorted(java.util.Comparator.comparing(g ->
            org.preemptlab.api.model.Priority.valueOf(g.group())))
        .toList();
    if (all.isEmpty()) {
      throw new IllegalStateException("the run has no jobs");
    }
    return all;
  }
}
