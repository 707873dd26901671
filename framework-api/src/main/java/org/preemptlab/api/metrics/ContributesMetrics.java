package org.preemptlab.api.metrics;

import java.util.List;
import org.preemptlab.api.API;

/**
 * Implemented by a plugin <em>provider</em> (beside its kind's provider interface) whose instances
 * report metrics of their own. The declarations are read before any run starts, so a sweep that
 * selects {@code policy.boosts} is checked against them; the instances then report the values
 * through {@link MetricReporter}.
 *
 * <pre>{@code
 * public final class BoostingPolicyProvider
 *     implements SchedulingPolicyProvider, ContributesMetrics {
 *   public List<MetricDeclaration> metrics() {
 *     return List.of(new MetricDeclaration("boosts", "priority boosts", MetricUnit.COUNT, false,
 *         "times a starving queue was raised to HIGH"));
 *   }
 *   ...
 * }
 * }</pre>
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface ContributesMetrics {

  /** The metrics the plugin's instances report, each id once; never null. */
  List<MetricDeclaration> metrics();
}
