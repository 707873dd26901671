package org.preemptlab.runner.experiment;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.preemptlab.api.PluginKind;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.discovery.PluginDescriptor;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.runner.metrics.RunMetrics;

/**
 * A finished run: what was run and what came out.
 *
 * @param config the resolved configuration (file, overrides and defaults)
 * @param plugins the plugins used, with their versions and jars, in plugin-kind order
 * @param device the simulated device
 * @param workload the simulated workload
 * @param result the engine's records
 * @param metrics the metrics computed from them
 * @param parameters the parameter values each plugin was created with, defaults included, by
 *     kind (a workload given as a spec has none)
 * @param applicationParameters the parameter values, defaults included, of each application, in
 *     the configuration's order
 * @param choices the modelling choices that decided the run (sharing mode, MPS client ordering,
 *     contention rule and bandwidth), as its summary states them
 * @param applicationFiles the tables applications wrote of their own ({@link
 *     org.preemptlab.api.metrics.WritesRunFiles}), by path in the run folder ({@code
 *     <label>/<name>}), in the configuration's order
 */
public record RunOutcome(
    RunConfig config,
    List<PluginDescriptor> plugins,
    DeviceSpec device,
    Workload workload,
    SimulationResult result,
    RunMetrics metrics,
    Map<PluginKind, Map<String, String>> parameters,
    List<Map<String, String>> applicationParameters,
    List<ModellingChoice> choices,
    Map<String, String> applicationFiles) {

  /** Copies the plugin list, the parameters, the choices and the files. */
  public RunOutcome {
    plugins = List.copyOf(plugins);
    parameters = Map.copyOf(parameters);
    applicationParameters = List.copyOf(applicationParameters);
    choices = List.copyOf(choices);
    applicationFiles = java.util.Collections.unmodifiableMap(
        new java.util.LinkedHashMap<>(applicationFiles));
  }

  /** An outcome without stated modelling choices, whose applications wrote no file of their own. */
  public RunOutcome(RunConfig config, List<PluginDescriptor> plugins, DeviceSpec device,
      Workload workload, SimulationResult result, RunMetrics metrics,
      Map<PluginKind, Map<String, String>> parameters,
      List<Map<String, String>> applicationParameters) {
    this(config, plugins, device, workload, result, metrics, parameters, applicationParameters,
        List.of(), Map.of());
  }

  /** An outcome of a run without applications. */
  public RunOutcome(RunConfig config, List<PluginDescriptor> plugins, DeviceSpec device,
      Workload workload, SimulationResult result, RunMetrics metrics,
      Map<PluginKind, Map<String, String>> parameters) {
    this(config, plugins, device, workload, result, metrics, parameters, List.of());
  }

  /** An outcome without recorded parameter values. */
  public RunOutcome(RunConfig config, List<PluginDescriptor> plugins, DeviceSpec device,
      Workload workload, SimulationResult result, RunMetrics metrics) {
    this(config, plugins, device, workload, result, metrics, Map.of());
  }

  /**
   * The same outcome with {@code value} as its configuration and {@code values} as its plugins'
   * parameters (the complete, self-contained ones a run writes into its folder).
   */
  public RunOutcome withConfig(RunConfig value, Map<PluginKind, Map<String, String>> values) {
    return withConfig(value, values, applicationParameters);
  }

  /**
   * The same outcome with {@code value} as its configuration, {@code values} as its plugins'
   * parameters and {@code applicationValues} as its applications' (the complete, self-contained
   * ones a run writes into its folder).
   */
  public RunOutcome withConfig(RunConfig value, Map<PluginKind, Map<String, String>> values,
      List<Map<String, String>> applicationValues) {
    return new RunOutcome(value, plugins, device, workload, result, metrics, values,
        applicationValues, choices, applicationFiles);
  }

  /** The parameter values {@code kind}'s plugin was created with, sorted by name; may be empty. */
  public Map<String, String> parametersOf(PluginKind kind) {
    return new TreeMap<>(parameters.getOrDefault(kind, Map.of()));
  }
}
