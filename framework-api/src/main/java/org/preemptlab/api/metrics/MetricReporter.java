package org.preemptlab.api.metrics;

import java.util.Map;
import org.preemptlab.api.API;

/**
 * Implemented by a plugin <em>instance</em> whose provider {@linkplain ContributesMetrics declares
 * metrics}: asked once, after the simulation has ended, for the values of its run.
 *
 * <p>A declared metric missing from the map is undefined for the run (reports show {@code n/a},
 * statistics leave it out); an id that was not declared fails the run. A scheduling policy has one
 * instance per hardware engine; the run's value is the sum over the instances that report it, so
 * declare totals and counts, and a ratio as its numerator and denominator.
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface MetricReporter {

  /** The value of each declared metric this instance measured, in the declared unit. */
  Map<String, Double> metricValues();
}
