package org.preemptlab.runner.metrics;

import java.util.Objects;
import org.preemptlab.api.ConfigurationException;

/**
 * A metric over a scope, as a sweep file or a command names it: {@code turnaround-p99} (the whole
 * run) or {@code turnaround-p99@queue=video}.
 *
 * @param metric the metric
 * @param scope the jobs it is computed over
 */
public record MetricSelection(Metric metric, Scope scope) {

  /** Checks that a run-level metric has no scope. */
  public MetricSelection {
    Objects.requireNonNull(metric, "metric");
    Objects.requireNonNull(scope, "scope");
    if (!scope.isAll() && !metric.scopable()) {
      throw new ConfigurationException("metric '" + metric.id() + "' is defined for the whole "
          + "run only; drop '" + scope.suffix() + "'");
    }
  }

  /** The whole-run selection of {@code metric}. */
  public static MetricSelection of(Metric metric) {
    return new MetricSelection(metric, Scope.ALL);
  }

  /**
   * Parses {@code id} or {@code id@dimension=name} against {@code metrics}.
   *
   * @throws ConfigurationException naming the valid metrics, dimensions or priorities
   */
  public static MetricSelection parse(String text, Metrics metrics) {
    String trimmed = text.strip();
    int at = trimmed.indexOf('@');
    Metric metric = metrics.get(at < 0 ? trimmed : trimmed.substring(0, at).strip());
    Scope scope = at < 0 ? Scope.ALL : Scope.parse(trimmed.substring(at + 1));
    return new MetricSelection(metric, scope);
  }

  /** The selection as written: {@code turnaround-p99@queue=video}. */
  public String key() {
    return metric.id() + scope.suffix();
  }

  /** The title with the scope: {@code turnaround p99, queue video}. */
  public String title() {
    return scope.isAll() ? metric.title() : metric.title() + ", " + scope.label();
  }

  /** The title with a unit and the direction, e.g. {@code turnaround p99 (µs, lower is better)}. */
  public String heading(DisplayUnit unit) {
    return title() + " (" + (unit.symbol().isEmpty() ? "" : unit.symbol() + ", ")
        + metric.direction() + ")";
  }

  @Override
  public String toString() {
    return key();
  }
}
