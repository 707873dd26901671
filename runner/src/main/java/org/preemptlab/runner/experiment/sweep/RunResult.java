package org.preemptlab.runner.experiment.sweep;

import static com.google.common.base.Preconditions.checkArgument;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ArrayList;
import java.util.Set;
import java.util.TreeMap;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.experiment.RunOutcome;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.metrics.Metrics;
import org.preemptlab.runner.metrics.RunData;
import org.preemptlab.runner.report.PolicyInfluence;

/**
 * The result of one run of a sweep as stored in its result file: what ran, whether it succeeded,
 * the value of every recorded metric ({@link #recorded}) and the turnaround of every job by queue
 * (for the per-queue CDFs). A failed run carries its error and no values.
 *
 * @param configuration the configuration's key
 * @param values the value of every varied key
 * @param seed the root seed
 * @param configDigest {@link PlannedRun#configDigest()} of the run
 * @param status {@code ok} or {@code failed}
 * @param error why the run failed, one line; null when it succeeded
 * @param metrics each recorded metric's value by {@link MetricSelection#key()}, in recording
 *     order; null where it is undefined; empty for a failed run
 * @param turnaroundsNs the turnaround of every job by queue id (sorted), in workload order, 8
 *     bytes a job (Jackson writes and reads a {@code long[]} as the JSON array of its numbers);
 *     empty for a failed run and for a result read {@link #withoutTurnarounds() without them}.
 *     The arrays are this record's own: callers must not modify them
 * @param policyNote why the run's policy cannot have changed its outcome (or that all its
 *     preemptions drained), as {@code run} prints it; null when it could, for a failed run, and in
 *     result files written before this field existed
 */
@JsonPropertyOrder({"configuration", "values", "seed", "config-digest", "status", "error",
    "metrics", "turnarounds-ns", "policy-note"})
public record RunResult(
    String configuration,
    Map<String, String> values,
    long seed,
    String configDigest,
    Status status,
    String error,
    Map<String, Double> metrics,
    Map<String, long[]> turnaroundsNs,
    String policyNote) {

  /** Whether a run succeeded. */
  public enum Status {
    /** The run finished and its metrics are recorded. */
    OK,
    /** The run failed; its error is recorded. */
    FAILED;

    /** The status as written in files: {@code ok} or {@code failed}. */
    @com.fasterxml.jackson.annotation.JsonValue
    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** Checks the fields and copies the collections, keeping their order. */
  public RunResult {
    Objects.requireNonNull(configuration, "configuration");
    Objects.requireNonNull(status, "status");
    values = values == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(values));
    metrics = metrics == null ? Map.of()
        : Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    Map<String, long[]> turnarounds = new TreeMap<>();
    if (turnaroundsNs != null) {
      turnaroundsNs.forEach((queue, samples) -> turnarounds.put(queue, samples.clone()));
    }
    turnaroundsNs = Collections.unmodifiableMap(turnarounds);
    checkArgument(status != Status.FAILED || error != null, "a failed run needs its error");
  }

  /** A result without a policy note. */
  public RunResult(String configuration, Map<String, String> values, long seed,
      String configDigest, Status status, String error, Map<String, Double> metrics,
      Map<String, long[]> turnaroundsNs) {
    this(configuration, values, seed, configDigest, status, error, metrics, turnaroundsNs, null);
  }

  /**
   * What every run of a sweep records: each whole-run metric of {@code registry} (built-in and
   * plugin; not the shares, defined for a scope only, nor the metrics computed on request), then
   * the {@code selected} metrics that are not among them, in the order written.
   */
  public static List<MetricSelection> recorded(Metrics registry,
      List<MetricSelection> selected) {
    Map<String, MetricSelection> all = new LinkedHashMap<>();
    registry.all().stream().filter(m -> !m.scopedOnly() && !m.onRequest())
        .forEach(m -> all.put(m.id(), MetricSelection.of(m)));
    selected.forEach(s -> all.putIfAbsent(s.key(), s));
    return List.copyOf(all.values());
  }

  /**
   * The result of a finished run.
   *
   * @param recorded the metrics to record ({@link #recorded})
   * @param groups the sweep's user-defined groups of queues
   * @throws org.preemptlab.api.ConfigurationException when a recorded metric names a queue or
   *     context the run does not have
   */
  public static RunResult ok(PlannedRun run, RunOutcome outcome, List<MetricSelection> recorded,
      Map<String, Set<String>> groups) {
    RunData data = outcome.metrics().data().with(outcome.metrics().data().pluginValues(), groups);
    Map<String, Double> metrics = new LinkedHashMap<>();
    for (MetricSelection selection : recorded) {
      try {
        data.check(selection.scope());
      } catch (ConfigurationException e) {
        throw new ConfigurationException("metric " + selection.key() + ": " + e.getMessage(), e);
      }
      double value = data.value(selection);
      metrics.put(selection.key(), Double.isNaN(value) ? null : value);
    }
    return new RunResult(run.point().key(), run.point().values(), run.seed(),
        run.configDigest(), Status.OK, null, metrics, data.jobs().turnaroundsByQueue(),
        PolicyInfluence.warning(outcome).orElse(null));
  }

  /** The result of a run that failed with {@code error}. */
  public static RunResult failed(PlannedRun run, String error) {
    return new RunResult(run.point().key(), run.point().values(), run.seed(), run.configDigest(),
        Status.FAILED, error, Map.of(), Map.of());
  }

  /**
   * This result without its jobs' turnarounds: what a sweep's analysis keeps of each run, so that
   * its memory does not grow with every job of every run ({@link TurnaroundSource} reads them
   * again when a report needs them).
   */
  public RunResult withoutTurnarounds() {
    return turnaroundsNs.isEmpty() ? this : new RunResult(configuration, values, seed,
        configDigest, status, error, metrics, Map.of(), policyNote);
  }

  /**
   * Whether {@code other} is the same result: equal fields, the turnarounds compared by content
   * (a record compares arrays by identity).
   */
  @Override
  public boolean equals(Object other) {
    return other instanceof RunResult r && configuration.equals(r.configuration)
        && values.equals(r.values) && seed == r.seed && Objects.equals(configDigest,
            r.configDigest) && status == r.status && Objects.equals(error, r.error)
        && metrics.equals(r.metrics) && turnaroundsNs.keySet().equals(r.turnaroundsNs.keySet())
        && turnaroundsNs.entrySet().stream().allMatch(e ->
            Arrays.equals(e.getValue(), r.turnaroundsNs.get(e.getKey())));
  }

  /** A hash consistent with {@link #equals}: the turnarounds by content. */
  @Override
  public int hashCode() {
    int hash = Objects.hash(configuration, values, seed, configDigest, status, error, metrics);
    for (Map.Entry<String, long[]> e : turnaroundsNs.entrySet()) {
      hash = 31 * hash + e.getKey().hashCode() + Arrays.hashCode(e.getValue());
    }
    return hash;
  }

  /** The fields, with the number of turnarounds per queue instead of every value. */
  @Override
  public String toString() {
    Map<String, Integer> jobs = new TreeMap<>();
    turnaroundsNs.forEach((queue, values) -> jobs.put(queue, values.length));
    return "RunResult[configuration=" + configuration + ", values=" + values + ", seed=" + seed
        + ", configDigest=" + configDigest + ", status=" + status + ", error=" + error
        + ", metrics=" + metrics + ", jobsByQueue=" + jobs + "]";
  }

  /** Whether the run succeeded. */
  @JsonIgnore
  public boolean isOk() {
    return status == Status.OK;
  }

  /** Whether the run failed or recorded a value (or null) for every one of {@code keys}. */
  public boolean covers(java.util.Collection<String> keys) {
    return !isOk() || metrics.keySet().containsAll(keys);
  }

  /** The value of {@code metric}; NaN when undefined or when the run failed. */
  public double value(MetricSelection metric) {
    Double value = metrics.get(metric.key());
    return value == null ? Double.NaN : value;
  }
}
