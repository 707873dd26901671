package org.preemptlab.api;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.Objects;
import java.util.random.RandomGenerator;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;

/**
 * What a provider receives when it creates a plugin instance for one run.
 *
 * @param parameters the validated parameter values, defaults filled in; never null
 * @param device the device of the run; hardware-model providers receive {@code null} here since
 *     they define it
 * @param random this plugin's own random stream, split from the run's root seed by the plugin's
 *     kind, so that one plugin drawing numbers never changes what another sees; never null
 * @param hardware the run's hardware model, for plugins that estimate save or restore times; null
 *     exactly when {@code device} is null
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public record PluginContext(Parameters parameters, DeviceSpec device, RandomGenerator random,
    HardwareModel hardware) {

  /** Checks that parameters and random are present and that device and hardware agree. */
  public PluginContext {
    Objects.requireNonNull(parameters, "parameters");
    Objects.requireNonNull(random, "random");
    checkArgument((device == null) == (hardware == null), "device and hardware must both be "
        + "given or both be null");
  }

  /**
   * A context whose hardware model is {@code device} with the default save and restore costs of
   * {@link HardwareModel}.
   */
  public PluginContext(Parameters parameters, DeviceSpec device, RandomGenerator random) {
    this(parameters, device, random, device == null ? null : () -> device);
  }
}
