package org.preemptlab.runner.metrics;

import static com.google.common.base.Preconditions.checkArgument;
import static org.preemptlab.api.metrics.MetricUnit.BYTES;
import static org.preemptlab.api.metrics.MetricUnit.COUNT;
import static org.preemptlab.api.metrics.MetricUnit.FRACTION;
import static org.preemptlab.api.metrics.MetricUnit.NANOSECONDS;
import static org.preemptlab.api.metrics.MetricUnit.PER_SECOND;
import static org.preemptlab.api.metrics.MetricUnit.RATIO;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToLongFunction;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.metrics.MetricDeclaration;
import org.preemptlab.engine.PreemptionRecord;

/**
 * The registry of metrics: every built-in metric, declared once here, plus the metrics plugins
 * contribute ({@link #withPlugin}). Reference with every definition: {@code docs/metrics.md}
 * (generated from this class by {@code MetricsDocTest}).
 */
public final class Metrics {
  private static final String NO_JOBS = "the scope holds no job";
  private static final String NO_PREEMPTIONS = "the scope has no preemption";
  private static final String NO_WAITER = "no preemption in the scope was requested for a "
      + "blocked job";

  /** Jobs finished. */
  public static final Metric JOBS = new Metric("jobs", "jobs", COUNT, true,
      "jobs in the scope (every job finishes)", NO_JOBS, Scoping.JOBS,
      in -> in.jobs().isEmpty() ? Double.NaN : in.jobs().size());
  /** Mean turnaround. */
  public static final Metric TURNAROUND_MEAN = turnaround("turnaround-mean", "turnaround mean",
      "mean of finish − submit over the jobs", -1);
  /** Median turnaround. */
  public static final Metric TURNAROUND_P50 = turnaround("turnaround-p50", "turnaround p50",
      "nearest-rank median of finish − submit over the jobs", 50);
  /** 95th percentile turnaround. */
  public static final Metric TURNAROUND_P95 = turnaround("turnaround-p95", "turnaround p95",
      "nearest-rank 95th percentile of finish − submit", 95);
  /** 99th percentile turnaround. */
  public static final Metric TURNAROUND_P99 = turnaround("turnaround-p99", "turnaround p99",
      "nearest-rank 99th percentile of finish − submit", 99);
  /** Mean waiting time. */
  public static final Metric WAITING_MEAN = new Metric("waiting-mean", "waiting mean",
      NANOSECONDS, false, "mean of first block start − submit over the jobs", NO_JOBS,
      Scoping.JOBS, in -> in.jobs().waitingMeanNs());
  /** Throughput over the jobs' own span. */
  public static final Metric THROUGHPUT = new Metric("throughput", "throughput", PER_SECOND, true,
      "jobs per simulated second from the scope's first submission to its last completion",
      NO_JOBS + " or its span is 0", Scoping.JOBS, Metrics::throughput);
  /** Average normalised turnaround time. */
  public static final Metric ANTT = new Metric("antt", "ANTT (mean slowdown)", RATIO, false,
      "mean over the jobs of turnaround / turnaround when run alone", NO_JOBS, Scoping.JOBS,
      in -> mean(in.jobSlowdowns()));
  /** System throughput. */
  public static final Metric STP = new Metric("stp", "STP", COUNT, true,
      "sum over the jobs of turnaround alone / turnaround (jobs' worth of progress)", NO_JOBS,
      Scoping.JOBS, in -> in.jobs().isEmpty() ? Double.NaN
          : Arrays.stream(in.jobSlowdowns()).map(s -> 1 / s).sum());
  /** Fairness. */
  public static final Metric FAIRNESS = new Metric("fairness", "fairness", RATIO, true,
      "smallest slowdown / largest slowdown, in (0, 1]", NO_JOBS, Scoping.JOBS, in -> {
        double[] s = in.jobSlowdowns();
        return s.length == 0 ? Double.NaN
            : Arrays.stream(s).min().getAsDouble() / Arrays.stream(s).max().getAsDouble();
      }, 0, 1);
  /** Deadline misses. */
  public static final Metric DEADLINE_MISSES = new Metric("deadline-misses", "deadline misses",
      COUNT, false, "jobs with a deadline that finished after it", NO_JOBS, Scoping.JOBS,
      in -> in.jobs().isEmpty() ? Double.NaN : in.jobs().deadlineMisses());
  /** Lost work. */
  public static final Metric LOST_WORK = new Metric("lost-work", "lost work", NANOSECONDS, false,
      "block execution time discarded by flushes, summed over the jobs", NO_JOBS, Scoping.JOBS,
      in -> in.jobs().isEmpty() ? Double.NaN : in.jobs().lostWorkNs());
  /** Preemptions performed. */
  public static final Metric PREEMPTIONS = new Metric("preemptions", "preemptions", COUNT, false,
      "preemptions whose victim is in the scope", "never (0 without preemptions)",
      Scoping.VICTIM, in -> in.preemptions().size());
  /** The design's preemption latency, median. */
  public static final Metric WAITER_LATENCY_P50 = waiterLatency(50);
  /** The design's preemption latency, 99th percentile. */
  public static final Metric WAITER_LATENCY_P99 = waiterLatency(99);
  /** Latency until every victim block is free, median. */
  public static final Metric ALL_FREED_LATENCY_P50 = allFreedLatency(50);
  /** Latency until every victim block is free, 99th percentile. */
  public static final Metric ALL_FREED_LATENCY_P99 = allFreedLatency(99);
  /** Mean latency until every victim block is free. */
  public static final Metric ALL_FREED_LATENCY_MEAN = allFreedLatency(-1);
  /** Mean time until the last victim block reached its stop point. */
  public static final Metric POINT_REACHED_MEAN = new Metric("point-reached-latency-mean",
      "preemption request → last victim block at its stop point, mean", NANOSECONDS, false,
      "mean over the preemptions of the time from the request until the last participating "
          + "block reached its stop point (or finished draining), before any save",
      NO_PREEMPTIONS, Scoping.WAITER,
      in -> preemptionStat(in, p -> p.pointReachedNs() - p.requestNs(), -1));
  /** Mean context bytes saved per preemption. */
  public static final Metric BYTES_SAVED_PER_PREEMPTION = new Metric(
      "bytes-saved-per-preemption", "context saved per preemption", BYTES, false,
      "mean over the preemptions of the bytes their blocks saved", NO_PREEMPTIONS,
      Scoping.VICTIM, in -> in.preemptions().isEmpty() ? Double.NaN
          : in.preemptions().stream().mapToLong(PreemptionRecord::bytesSaved).average()
              .getAsDouble());
  /** Mean bytes saved per block that saved. */
  public static final Metric BYTES_SAVED_PER_BLOCK = new Metric("bytes-saved-per-saved-block",
      "context saved per saved block", BYTES, false,
      "bytes saved over the preemptions / blocks that stopped and saved",
      "no block stopped and saved", Scoping.VICTIM, in -> {
        long blocks = in.preemptions().stream().mapToLong(PreemptionRecord::saved).sum();
        return blocks == 0 ? Double.NaN : (double) in.preemptions().stream()
            .mapToLong(PreemptionRecord::bytesSaved).sum() / blocks;
      });
  /** When the last job finished. */
  public static final Metric MAKESPAN = new Metric("makespan", "makespan", NANOSECONDS, false,
      "when the last job finished (simulated time from 0)", "never", Scoping.RUN,
      in -> in.run().result().makespanNs());
  /** SM utilisation. */
  public static final Metric SM_UTILISATION = new Metric("sm-utilisation", "SM utilisation",
      FRACTION, true, "fraction of SM-time over the makespan with at least one resident block",
      "never", Scoping.RUN, in -> in.run().result().smBusyFraction());
  /** Context switches. */
  public static final Metric CONTEXT_SWITCHES = new Metric("context-switches",
      "context switches", COUNT, false, "time-slice context switches between GPU contexts",
      "never", Scoping.RUN, in -> in.run().result().contextSwitches());

  /** A scope's share of the SM time every block executed. */
  public static final Metric SM_TIME_SHARE = new Metric("sm-time-share", "share of SM time",
      FRACTION, true, "the scope's block execution time over every block's, in SM·ns as "
          + "JobView.attainedGpuNs counts it (flushed work included; dispatch, save and restore "
          + "not)", "for the whole run (a share needs a scope: sm-time-share@queue=NAME) or when "
          + "no block executed", Scoping.SHARE, Metrics::smTimeShare)
      .needing(SmTimeCollector.OBSERVATION);
  /** A scope's share of the run's wall time with a job of it in execution. */
  public static final Metric ACTIVE_TIME_SHARE = new Metric("active-time-share",
      "share of wall time active", FRACTION, true, "the time from 0 to the makespan during "
          + "which the scope had a job in execution (its first block started, it had not "
          + "finished) over the makespan; scopes running together each count the time",
      "for the whole run (a share needs a scope: active-time-share@queue=NAME) or when the "
          + "makespan is 0", Scoping.SHARE, Metrics::activeTimeShare)
      .needing(ActiveTimeCollector.OBSERVATION);

  /**
   * The least busy SM's share of the makespan: low when a partition, a restriction or placement
   * leaves SMs idle. Computed on request (it watches every block).
   */
  public static final Metric SM_BUSY_MIN = new Metric("sm-busy-min", "least busy SM",
      FRACTION, true, "over the device's SMs, the smallest fraction of the makespan during which "
          + "the SM executed at least one block (from a block's first instruction to its end); "
          + "computed on request: name it in a sweep's metrics or with run --metric",
      "when the makespan is 0",
      Scoping.RUN, Metrics::smBusyMin).needing(SmBusyCollector.OBSERVATION);

  /** Every built-in metric, in reporting order. */
  public static final List<Metric> BUILT_IN = List.of(JOBS, TURNAROUND_MEAN, TURNAROUND_P50,
      TURNAROUND_P95, TURNAROUND_P99, WAITING_MEAN, THROUGHPUT, ANTT, STP, FAIRNESS,
      DEADLINE_MISSES, LOST_WORK, PREEMPTIONS, WAITER_LATENCY_P50, WAITER_LATENCY_P99,
      ALL_FREED_LATENCY_P50, ALL_FREED_LATENCY_P99, ALL_FREED_LATENCY_MEAN, POINT_REACHED_MEAN,
      BYTES_SAVED_PER_PREEMPTION, BYTES_SAVED_PER_BLOCK, MAKESPAN, SM_UTILISATION,
      CONTEXT_SWITCHES, SM_TIME_SHARE, ACTIVE_TIME_SHARE, SM_BUSY_MIN);

  private static final Metrics BUILT_IN_ONLY = new Metrics(BUILT_IN);

  private final Map<String, Metric> byId;

  private Metrics(List<Metric> metrics) {
    Map<String, Metric> map = new LinkedHashMap<>();
    for (Metric m : metrics) {
      checkArgument(map.put(m.id(), m) == null, "metric '%s' is declared twice", m.id());
    }
    this.byId = Collections.unmodifiableMap(map);
  }

  /** The built-in metrics. */
  public static Metrics builtIn() {
    return BUILT_IN_ONLY;
  }

  /**
   * This registry plus the metrics a plugin declares, each as {@code <kind>.<id>} (e.g. {@code
   * policy.boosts}), run-level, read from the values its instances report. An id already present
   * keeps its first declaration (a sweep unites the registries of its configurations).
   */
  public Metrics withPlugin(String kind, List<MetricDeclaration> declarations) {
    List<Metric> all = new ArrayList<>(byId.values());
    for (MetricDeclaration d : declarations) {
      String id = kind + "." + d.id();
      if (byId.containsKey(id)) {
        continue; // a sweep's union over configurations: the first declaration wins
      }
      all.add(new Metric(id, d.title(), d.unit(), d.higherIsBetter(), d.description(),
          "the plugin reported no value", Scoping.RUN,
          in -> in.run().pluginValues().getOrDefault(id, Double.NaN),
          d.lowerBound(), d.upperBound()));
    }
    return new Metrics(all);
  }

  /** This registry plus {@code metric}. */
  public Metrics plus(Metric metric) {
    List<Metric> all = new ArrayList<>(byId.values());
    all.add(metric);
    return new Metrics(all);
  }

  /** Every metric, built-in first. */
  public List<Metric> all() {
    return List.copyOf(byId.values());
  }

  /** The metric called {@code id}, if any. */
  public Optional<Metric> find(String id) {
    return Optional.ofNullable(byId.get(id));
  }

  /**
   * The metric called {@code id}.
   *
   * @throws ConfigurationException with the valid names and the closest match
   */
  public Metric get(String id) {
    return find(id).orElseThrow(() -> ConfigurationException.unknown("metric", id,
        byId.keySet()));
  }

  /**
   * The reference table of these metrics in Markdown ({@code docs/metrics.md} holds this output;
   * a test keeps it current): id, title, stored unit, direction, what a scope selects, definition,
   * and when it is undefined.
   */
  public String markdownTable() {
    StringBuilder sb = new StringBuilder("| id | title | unit | better | per group | definition | "
        + "undefined when |\n|---|---|---|---|---|---|---|\n");
    for (Metric m : byId.values()) {
      String scope = switch (m.scoping()) {
        case JOBS -> "the group's jobs";
        case WAITER -> "preemptions requested for the group's jobs";
        case VICTIM -> "preemptions of the group's jobs";
        case RUN -> "whole run only";
        case SHARE -> "the group's jobs, as a share of the run (group only)";
      };
      sb.append("| `").append(m.id()).append("` | ").append(m.title()).append(" | ")
          .append(m.unit().symbol()).append(" | ").append(m.higherIsBetter() ? "higher" : "lower")
          .append(" | ").append(scope).append(" | ").append(m.definition().replace("|", "\\|"))
          .append(" | ").append(m.undefinedWhen()).append(" |\n");
    }
    return sb.toString();
  }

  private static double smTimeShare(MetricInput in) {
    Map<String, Long> byQueue = in.run().observed(SmTimeCollector.OBSERVATION);
    long total = 0;
    for (long ns : byQueue.values()) {
      total += ns;
    }
    if (total == 0) {
      return Double.NaN;
    }
    long scoped = 0;
    for (String queue : in.jobs().lanes().stream().map(JobSamples.Lane::queueId).distinct()
        .toList()) {
      scoped += byQueue.getOrDefault(queue, 0L);
    }
    return (double) scoped / total;
  }

  private static double smBusyMin(MetricInput in) {
    long makespan = in.run().result().makespanNs();
    if (makespan <= 0) {
      return Double.NaN;
    }
    long least = Long.MAX_VALUE;
    for (long busy : in.run().observed(SmBusyCollector.OBSERVATION)) {
      least = Math.min(least, busy);
    }
    return (double) least / makespan;
  }

  private static double activeTimeShare(MetricInput in) {
    long makespan = in.run().result().makespanNs();
    if (makespan <= 0) {
      return Double.NaN;
    }
    Map<String, ActiveTimeCollector.Intervals> byQueue =
        in.run().observed(ActiveTimeCollector.OBSERVATION);
    List<ActiveTimeCollector.Intervals> scoped = new java.util.ArrayList<>();
    for (String queue : in.jobs().lanes().stream().map(JobSamples.Lane::queueId).distinct()
        .toList()) {
      ActiveTimeCollector.Intervals intervals = byQueue.get(queue);
      if (intervals != null) {
        scoped.add(intervals);
      }
    }
    return (double) ActiveTimeCollector.unionNs(scoped) / makespan;
  }

  private static Metric turnaround(String id, String title, String definition,
      double percentile) {
    return new Metric(id, title, NANOSECONDS, false, definition, NO_JOBS, Scoping.JOBS, in -> {
      if (in.jobs().isEmpty()) {
        return Double.NaN;
      }
      Percentiles p = Percentiles.ofSorted(in.jobs().sortedTurnarounds()); // shared, not changed
      return percentile < 0 ? p.mean() : p.at(percentile);
    });
  }

  private static Metric waiterLatency(int percentile) {
    return new Metric("waiter-latency-p" + percentile,
        "preemption latency to the waiting job, p" + percentile, NANOSECONDS, false,
        "nearest-rank p" + percentile + " over the preemptions requested for a blocked job of "
            + "the time from the request until that job placed its next block: the latency the "
            + "waiting job sees (DESIGN §3.4's preemption latency)", NO_WAITER, Scoping.WAITER,
        in -> {
          long[] ns = in.preemptions().stream().mapToLong(PreemptionRecord::waiterLatencyNs)
              .filter(v -> v >= 0).toArray();
          return ns.length == 0 ? Double.NaN : Percentiles.of(ns).at(percentile);
        });
  }

  private static Metric allFreedLatency(int percentile) {
    String stat = percentile < 0 ? "mean" : "p" + percentile;
    return new Metric("all-freed-latency-" + stat,
        "preemption latency to all victim blocks freed, " + stat, NANOSECONDS, false,
        (percentile < 0 ? "mean" : "nearest-rank " + stat) + " over the preemptions of the time "
            + "from the request until every block resident at the request had left its SM "
            + "(drained, or stopped and saved)", NO_PREEMPTIONS, Scoping.WAITER,
        in -> preemptionStat(in, PreemptionRecord::latencyNs, percentile));
  }

  private static double preemptionStat(MetricInput in, ToLongFunction<PreemptionRecord> value,
      double percentile) {
    if (in.preemptions().isEmpty()) {
      return Double.NaN;
    }
    Percentiles p = Percentiles.of(in.preemptions().stream().mapToLong(value).toArray());
    return percentile < 0 ? p.mean() : p.at(percentile);
  }

  private static double throughput(MetricInput in) {
    if (in.jobs().isEmpty()) {
      return Double.NaN;
    }
    long first = in.jobs().firstSubmitNs();
    long last = in.jobs().lastFinishNs();
    return last <= first ? Double.NaN : in.jobs().size() * 1e9 / (last - first);
  }

  private static double mean(double[] values) {
    return values.length == 0 ? Double.NaN : Arrays.stream(values).average().getAsDouble();
  }

}
