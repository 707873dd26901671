package org.preemptlab.runner.metrics;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Objects;
import java.util.function.ToDoubleFunction;
import org.preemptlab.api.metrics.MetricUnit;

/**
 * One metric, declared once: every report prints, stores, compares and charts it through this
 * declaration.
 *
 * @param id the name in files, configurations and selectors, e.g. {@code turnaround-p99}
 * @param title a short human title for tables and chart axes
 * @param unit the unit its values are stored in
 * @param higherIsBetter whether a larger value is an improvement
 * @param definition how it is computed, one sentence
 * @param undefinedWhen when it has no value (shown {@code n/a}), e.g. "without preemptions"
 * @param scoping which records it is computed over when restricted to a {@link Scope}
 * @param function computes it from a scope's records; NaN where it is undefined
 * @param lowerBound the smallest value it can take ({@code -Infinity}: none); reports cut
 *     confidence intervals and chart axes there
 * @param upperBound the largest value it can take ({@code Infinity}: none)
 * @param needs the engine observation it is computed from beyond the run's records, or null: a
 *     run collects it only when it reports the metric (such a metric is computed on request: a
 *     sweep's {@code metrics} list)
 */
public record Metric(String id, String title, MetricUnit unit, boolean higherIsBetter,
    String definition, String undefinedWhen, Scoping scoping,
    ToDoubleFunction<MetricInput> function, double lowerBound, double upperBound,
    Observation<?> needs) {

  /** A metric computed from the run's records alone. */
  public Metric(String id, String title, MetricUnit unit, boolean higherIsBetter,
      String definition, String undefinedWhen, Scoping scoping,
      ToDoubleFunction<MetricInput> function, double lowerBound, double upperBound) {
    this(id, title, unit, higherIsBetter, definition, undefinedWhen, scoping, function,
        lowerBound, upperBound, null);
  }

  /**
   * A metric of the registry: never negative (durations, sizes, counts, rates and ratios of them),
   * at most 1 when it is a {@link MetricUnit#FRACTION}.
   */
  public Metric(String id, String title, MetricUnit unit, boolean higherIsBetter,
      String definition, String undefinedWhen, Scoping scoping,
      ToDoubleFunction<MetricInput> function) {
    this(id, title, unit, higherIsBetter, definition, undefinedWhen, scoping, function, 0,
        unit == MetricUnit.FRACTION ? 1 : Double.POSITIVE_INFINITY);
  }

  /** Checks that nothing is null and that the bounds hold a value. */
  public Metric {
    checkArgument(lowerBound < upperBound, "metric %s: bounds [%s, %s] are empty", id,
        lowerBound, upperBound);
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(definition, "definition");
    Objects.requireNonNull(undefinedWhen, "undefinedWhen");
    Objects.requireNonNull(scoping, "scoping");
    Objects.requireNonNull(function, "function");
  }

  /** This metric, computed from {@code observation}'s data as well as the run's records. */
  public Metric needing(Observation<?> observation) {
    return new Metric(id, title, unit, higherIsBetter, definition, undefinedWhen, scoping,
        function, lowerBound, upperBound, Objects.requireNonNull(observation, "observation"));
  }

  /** Whether a run computes it only on request, collecting the observation it needs. */
  public boolean onRequest() {
    return needs != null;
  }

  /** The value over {@code input}; NaN where it is undefined. */
  public double compute(MetricInput input) {
    return function.applyAsDouble(input);
  }

  /** Whether the metric can be restricted to a queue, context, priority or group. */
  public boolean scopable() {
    return scoping != Scoping.RUN;
  }

  /** Whether the metric is defined for a scope only (a share of the whole run). */
  public boolean scopedOnly() {
    return scoping == Scoping.SHARE;
  }

  /** "lower is better" or "higher is better". */
  public String direction() {
    return (higherIsBetter ? "higher" : "lower") + " is better";
  }
}
