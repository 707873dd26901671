package org.preemptlab.runner.drm;

import java.util.Map;
import java.util.SplittableRandom;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.discovery.PluginType;

/** Runs scenarios with plugins found by discovery: the scenario's policy on {@code drm-mock}. */
public final class DrmRuns {
  private DrmRuns() {}

  /**
   * Runs a scenario with the in-tree plugins.
   *
   * @throws org.preemptlab.api.ConfigurationException for an unknown policy or hardware
   */
  public static ScenarioResult run(Scenario scenario) {
    return run(scenario, PluginRegistry.discover(DrmRuns.class.getClassLoader()));
  }

  /** Runs a scenario with the plugins of {@code registry}, under the scenario's policy. */
  public static ScenarioResult run(Scenario scenario, PluginRegistry registry) {
    return run(scenario, registry, scenario.policy());
  }

  /** Runs a scenario under another policy than the one it names. */
  public static ScenarioResult run(Scenario scenario, PluginRegistry registry, String policy) {
    Scenario chosen = policy.equals(scenario.policy()) ? scenario : new Scenario(scenario.name(),
        scenario.description(), policy, scenario.hardware(), scenario.schedulers(),
        scenario.entities(), scenario.jobs(), scenario.clients(), scenario.steps(),
        scenario.end());
    HardwareModel hardware = registry.create(PluginType.HARDWARE_MODEL, chosen.hardware(),
        Map.of(), (DeviceSpec) null, new SplittableRandom(0));
    SplittableRandom random = new SplittableRandom(0);
    return new DrmSimulator(chosen, chosen.hardware(), hardware, name -> registry.create(
        PluginType.SCHEDULING_POLICY, chosen.policy(), Map.of(), hardware, random.split()))
        .run();
  }
}
