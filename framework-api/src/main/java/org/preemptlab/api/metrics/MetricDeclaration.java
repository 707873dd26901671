package org.preemptlab.api.metrics;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.Objects;
import org.preemptlab.api.API;

/**
 * One metric a plugin contributes: its id, a title for tables and chart axes, the unit its values
 * are in, the direction of improvement and what it measures.
 *
 * @param id kebab-case, unique within the plugin, for example {@code boosts}; reports name it
 *     {@code <kind>.<id>}, for example {@code policy.boosts}
 * @param title a short title, for example {@code priority boosts}
 * @param unit the unit of its values
 * @param higherIsBetter whether a larger value is an improvement
 * @param description one sentence: how it is computed and when it is undefined
 * @param signed whether its values may be negative (a slack, a difference); otherwise they are
 *     never below 0 (and a {@link MetricUnit#FRACTION} never above 1), which reports use to cut
 *     confidence intervals and chart axes, and a negative value reported fails the run
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record MetricDeclaration(
    String id, String title, MetricUnit unit, boolean higherIsBetter, String description,
    boolean signed) {

  /** Checks the id and that nothing is null or blank. */
  public MetricDeclaration {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(description, "description");
    checkArgument(id.matches("[a-z][a-z0-9]*(-[a-z0-9]+)*"), "metric id '%s' is not kebab-case",
        id);
    checkArgument(!title.isBlank() && !description.isBlank(), "metric '%s' needs a title and a "
        + "description", id);
  }

  /** A metric whose values are never negative (counts, times, sizes, rates, fractions). */
  public MetricDeclaration(String id, String title, MetricUnit unit, boolean higherIsBetter,
      String description) {
    this(id, title, unit, higherIsBetter, description, false);
  }

  /** The smallest value it can take: 0, or {@code -Infinity} when it is signed. */
  public double lowerBound() {
    return signed ? Double.NEGATIVE_INFINITY : 0;
  }

  /** The largest value it can take: 1 for a fraction, else {@code Infinity}. */
  public double upperBound() {
    return unit == MetricUnit.FRACTION ? 1 : Double.POSITIVE_INFINITY;
  }
}
