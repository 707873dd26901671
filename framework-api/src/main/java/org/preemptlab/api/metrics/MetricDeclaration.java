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
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record MetricDeclaration(
    String id, String title, MetricUnit unit, boolean higherIsBetter, String description) {

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
}
