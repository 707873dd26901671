package org.preemptlab.runner.workload.trace;

import java.util.List;
import java.util.SplittableRandom;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginCatalog;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModelProvider;

/** Finds the device a trace was recorded on: a hardware model by id, or the run's own. */
final class TracedHardware {
  private TracedHardware() {}

  /**
   * The device of hardware model {@code id} with its default parameters, or {@code run} when
   * {@code id} is empty.
   *
   * @throws ConfigurationException for an unknown id (with the valid ids), or when there is no
   *     run device to fall back on
   */
  static DeviceSpec resolve(String id, DeviceSpec run, String owner) {
    if (id.isEmpty()) {
      if (run == null) {
        throw new ConfigurationException(owner + ": needs the run's hardware model or parameter "
            + "'traced-hardware' to know the traced GPU");
      }
      return run;
    }
    ClassLoader loader = TracedHardware.class.getClassLoader();
    List<HardwareModelProvider> providers =
        PluginCatalog.providersOf(HardwareModelProvider.class, loader);
    for (HardwareModelProvider provider : providers) {
      if (provider.id().equals(id)) {
        Parameters defaults = Parameters.defaults(provider.parameters());
        return provider.create(new PluginContext(defaults, null, new SplittableRandom(0)))
            .device();
      }
    }
    throw new ConfigurationException(owner + ": parameter 'traced-hardware': "
        + ConfigurationException.unknown("hardware model", id,
        providers.stream().map(HardwareModelProvider::id).toList()).getMessage());
  }
}
