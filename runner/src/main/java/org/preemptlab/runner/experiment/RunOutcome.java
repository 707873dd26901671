package org.preemptlab.runner.experiment;

import java.util.List;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.discovery.PluginDescriptor;
import org.preemptlab.runner.engine.SimulationResult;

/**
 * A finished run: what was run and what came out.
 *
 * @param config the resolved configuration (file, overrides and defaults)
 * @param plugins the plugins used, with their versions and jars, in plugin-kind order
 * @param device the simulated device
 * @param workload the simulated workload
 * @param result the engine's records
 * @param metrics the metrics computed from them
 */
public record RunOutcome(
    RunConfig config,
    List<PluginDescriptor> plugins,
    DeviceSpec device,
    Workload workload,
    SimulationResult result,
    RunMetrics metrics) {

  /** Copies the plugin list. */
  public RunOutcome {
    plugins = List.copyOf(plugins);
  }
}
