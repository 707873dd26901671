package org.preemptlab.runner.experiment.sweep;

import static com.google.common.base.Preconditions.checkArgument;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
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
 * @param turnaroundsNs the turnaround of every job by queue id (sorted), in workload order
 */
@JsonPropertyOrder({"configuration", "values", "seed", "config-digest", "status", "error",
    "metrics", "turnarounds-ns"})
public record RunResult(
    String configuration,
    Map<String, String> values,
    long seed,
    String configDigest,
    Status status,
    String error,
    Map<String, Double> metrics,
    Map<String, List<Long>> turnaroundsNs) {

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
    Map<String, List<Long>> turnarounds = new TreeMap<>();
    if (turnaroundsNs != null) {
      turnaroundsNs.forEach((queue, list) -> turnarounds.put(queue, List.copyOf(list)));
    }
    turnaroundsNs = Collections.unmodifiableMap(turnarounds);
    checkArgument(status != Status.FAILED || error != null, "a failed run needs its error");
  }

  /**
   * What every run of a sweep records: each whole-run metric of {@code registry} (built-in and
   * plugin), then the {@code selected} metrics that are not among them (the scoped ones), in the
   * order written.
   */
  public static List<MetricSelection> recorded(Metrics registry,
      List<MetricSelection> selected) {
    Map<String, MetricSelection> all = new LinkedHashMap<>();
    registry.all().forEach(m -> all.put(m.id(), MetricSelection.of(m)));
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
    Map<String, List<Long>> turnarounds = new TreeMap<>();
    data.jobs().turnaroundsByQueue().forEach((queue, values) ->
        turnarounds.put(queue, java.util.Arrays.stream(values).boxed().toList()));
    return new RunResult(run.point().key(), run.point().values(), run.seed(),
        run.configDigest(), Status.OK, null, metrics, turnarounds);
  }

  /** The result of a run that failed with {@code error}. */
  public static RunResult failed(PlannedRun run, String error) {
    return new RunResult(run.point().key(), run.point().values(), run.seed(), run.configDigest(),
        Status.FAILED, error, Map.of(), Map.of());
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
