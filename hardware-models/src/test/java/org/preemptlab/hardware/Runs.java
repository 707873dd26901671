package org.preemptlab.hardware;

import java.util.Map;
import java.util.SplittableRandom;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.HardwareModelProvider;

/** Creates models the way the runner does: user values validated against the declarations. */
final class Runs {
  private Runs() {}

  static HardwareModel create(HardwareModelProvider provider, Map<String, String> given) {
    Parameters parameters =
        Parameters.of("hardware '" + provider.id() + "'", provider.parameters(), given);
    return provider.create(new PluginContext(parameters, null, new SplittableRandom(1)));
  }

  static HardwareModel create(HardwareModelProvider provider) {
    return create(provider, Map.of());
  }
}
