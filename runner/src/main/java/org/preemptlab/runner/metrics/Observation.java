package org.preemptlab.runner.metrics;

import java.util.Objects;
import java.util.function.Function;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.engine.EngineListener;

/**
 * Engine data a metric needs beyond the job and preemption records: a subscriber to the engine's
 * signals, made fresh for each run, and what it collected. A metric names the observation it needs
 * ({@link Metric#needs()}); a run attaches the collectors of the metrics it reports only
 * ({@code RunExecutor.reporting}), so an observation of every block costs nothing in the
 * runs that do not report its metric. Adding one is a collector class and a metric: no engine
 * file changes.
 *
 * @param id names it in messages and keys what a run collected
 * @param collector makes the collector of one run on the run's device
 * @param <T> what it collects
 */
public record Observation<T>(String id,
    Function<DeviceSpec, ? extends Collector<T>> collector) {
  /** Checks that nothing is null. */
  public Observation {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(collector, "collector");
  }

  /**
   * A subscriber that collects one run's data.
   *
   * @param <T> what it collects
   */
  public interface Collector<T> extends EngineListener {
    /** What it collected; called once the run has ended. */
    T result();
  }
}
