package org.preemptlab.api;

import java.util.random.RandomGenerator;
import org.preemptlab.api.hardware.DeviceSpec;

/**
 * What a provider receives when it creates a plugin instance for one run.
 *
 * @param parameters the validated parameter values, defaults filled in; never null
 * @param device the device of the run; hardware-model providers receive {@code null} here since
 *     they define it
 * @param random this plugin's own random stream, split from the run's root seed by the plugin's
 *     kind, so that one plugin drawing numbers never changes what another sees; never null
 * @since 0.1
 */
public record PluginContext(Parameters parameters, DeviceSpec device, RandomGenerator random) {
  /** Checks that parameters and random are present. */
  public PluginContext {
    java.util.Objects.requireNonNull(parameters, "parameters");
    java.util.Objects.requireNonNull(random, "random");
  }
}
