package org.preemptlab.runner.experiment.sweep;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.preemptlab.api.model.Priority;
import org.preemptlab.runner.engine.JobRecord;
import org.preemptlab.runner.experiment.RunOutcome;

/**
 * The result of one run of a sweep as stored in its result file: what ran, whether it succeeded,
 * every metric of {@link SweepMetric} and the turnaround of each highest-priority job (for the
 * latency CDFs). A failed run carries its error and no values.
 *
 * @param configuration the configuration's key
 * @param values the value of every varied key
 * @param seed the root seed
 * @param configDigest {@link PlannedRun#configDigest()} of the run
 * @param status {@code ok} or {@code failed}
 * @param error why the run failed, one line; null when it succeeded
 * @param metrics each metric's value by {@link SweepMetric#key()}, in declaration order; null
 *     where it is undefined; empty for a failed run
 * @param highPriority the highest priority present in the workload; null for a failed run
 * @param highTurnaroundsNs the turnaround of every job of that priority, in workload order
 */
@JsonPropertyOrder({"configuration", "values", "seed", "config-digest", "status", "error",
    "metrics", "high-priority", "high-turnarounds-ns"})
public record RunResult(
    String configuration,
    Map<String, String> values,
    long seed,
    String configDigest,
    Status status,
    String error,
    Map<String, Double> metrics,
    Priority highPriority,
    List<Long> highTurnaroundsNs) {

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
    highTurnaroundsNs = highTurnaroundsNs == null ? List.of() : List.copyOf(highTurnaroundsNs);
    if (status == Status.FAILED && error == null) {
      throw new IllegalArgumentException("a failed run needs its error");
    }
  }

  /** The result of a finished run. */
  public static RunResult ok(PlannedRun run, RunOutcome outcome) {
    Map<String, Double> metrics = new LinkedHashMap<>();
    for (SweepMetric metric : SweepMetric.values()) {
      double value = metric.extract(outcome.metrics());
      metrics.put(metric.key(), Double.isNaN(value) ? null : value);
    }
    Priority high = Priority.valueOf(SweepMetric.high(outcome.metrics()).group());
    List<Long> turnarounds = outcome.result().jobs().stream()
        .filter(j -> j.priority() == high).map(JobRecord::turnaroundNs).toList();
    return new RunResult(run.point().key(), run.point().values(), run.seed(),
        run.configDigest(), Status.OK, null, metrics, high, turnarounds);
  }

  /** The result of a run that failed with {@code error}. */
  public static RunResult failed(PlannedRun run, String error) {
    return new RunResult(run.point().key(), run.point().values(), run.seed(), run.configDigest(),
        Status.FAILED, error, Map.of(), null, List.of());
  }

  /** Whether the run succeeded. */
  @JsonIgnore
  public boolean isOk() {
    return status == Status.OK;
  }

  /** The value of {@code metric}; NaN when undefined or when the run failed. */
  public double value(SweepMetric metric) {
    Double value = metrics.get(metric.key());
    return value == null ? Double.NaN : value;
  }
}
