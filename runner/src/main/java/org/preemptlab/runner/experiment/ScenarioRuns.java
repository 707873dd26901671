package org.preemptlab.runner.experiment;

import java.util.Map;
import java.util.SplittableRandom;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.discovery.PluginType;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.RunPlugins;
import org.preemptlab.engine.Simulator;
import org.preemptlab.runner.drm.DrmLayer;
import org.preemptlab.runner.drm.ScenarioResult;
import org.preemptlab.runner.scenario.Scenario;

/**
 * Runs scenario files with plugins found by discovery: the engine with its DRM scheduler layer
 * ({@link DrmLayer}), the scenario's policy in each of its schedulers, on the scenario's hardware.
 */
public final class ScenarioRuns {
  /** The engine's preemption and context-save strategies under a scenario (nothing preempts). */
  private static final String PREEMPTION = "block-boundary";
  private static final String CONTEXT_SAVE = "full";

  private ScenarioRuns() {}

  /**
   * Runs a scenario with the in-tree plugins.
   *
   * @throws org.preemptlab.api.ConfigurationException for an unknown policy or hardware
   */
  public static ScenarioResult run(Scenario scenario) {
    return run(scenario, PluginRegistry.discover(ScenarioRuns.class.getClassLoader()));
  }

  /** Runs a scenario with the plugins of {@code registry}, under the scenario's policy. */
  public static ScenarioResult run(Scenario scenario, PluginRegistry registry) {
    return run(scenario, registry, scenario.policy());
  }

  /** Runs a scenario under another policy than the one it names. */
  public static ScenarioResult run(Scenario scenario, PluginRegistry registry, String policy) {
    return run(scenario, registry, policy, EngineOptions.defaults());
  }

  /**
   * Runs a scenario under {@code policy} with the given engine options (block aggregation on or
   * off, for the tests that compare the two).
   */
  public static ScenarioResult run(Scenario scenario, PluginRegistry registry, String policy,
      EngineOptions options) {
    Scenario chosen = policy.equals(scenario.policy()) ? scenario : new Scenario(scenario.name(),
        scenario.description(), policy, scenario.hardware(), scenario.schedulers(),
        scenario.entities(), scenario.jobs(), scenario.clients(), scenario.steps(),
        scenario.end());
    HardwareModel hardware = registry.create(PluginType.HARDWARE_MODEL, chosen.hardware(),
        Map.of(), (DeviceSpec) null, new SplittableRandom(0));
    SplittableRandom random = new SplittableRandom(0);
    DrmLayer layer = new DrmLayer(chosen, hardware, name -> registry.create(
        PluginType.SCHEDULING_POLICY, chosen.policy(), Map.of(), hardware, random.split()));
    // The engine runs the layer on the workload below it: no kernels on a serial timeline, the
    // jobs' kernels (each waiting until its ring runs it) on SM hardware.
    RunPlugins plugins = new RunPlugins(chosen.policy(), engine -> layer.hardwarePolicy(),
        PREEMPTION, registry.create(PluginType.PREEMPTION_STRATEGY, PREEMPTION, Map.of(),
            hardware, new SplittableRandom(1)), CONTEXT_SAVE, registry.create(
            PluginType.CONTEXT_SAVE, CONTEXT_SAVE, Map.of(), hardware, new SplittableRandom(2)));
    new Simulator(layer.workload(), hardware, plugins, options).withLayer(layer).run();
    return layer.result();
  }
}
