package org.preemptlab.runner.experiment.sweep;

import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunConfig;

/**
 * One run of a sweep: a configuration and a seed.
 *
 * @param point the configuration
 * @param seed the root seed
 */
public record PlannedRun(SweepPoint point, long seed) {

  /** The run's resolved configuration: the point's, with this seed. */
  public RunConfig config() {
    return point.config().withSeed(seed);
  }

  /**
   * The SHA-256 of the resolved configuration written as YAML: a result file made for another
   * configuration under the same name is recognised as stale on {@code --resume}.
   */
  public String configDigest() {
    return SweepPoint.sha256(ConfigLoader.toYaml(config()));
  }

  /** {@code KEY seed N}, for messages. */
  @Override
  public String toString() {
    return point.key() + " seed " + seed;
  }
}
