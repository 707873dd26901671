package org.preemptlab.runner.experiment;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Map;
import java.util.TreeMap;
import org.preemptlab.runner.workload.SyntheticSpec;

/**
 * The {@code workload} section of a run configuration: either a synthetic spec written inline
 * ({@code spec:}), or a workload plugin and its parameters ({@code generator: csv-trace},
 * {@code parameters: {path: trace.csv}}). With neither, the built-in demo spec is used.
 *
 * @param generator the id of a workload plugin, or null
 * @param parameters the plugin's parameter values
 * @param spec an inline synthetic spec, or null
 */
public record WorkloadConfig(String generator, Map<String, String> parameters, SyntheticSpec spec) {

  /** The id of the built-in synthetic generator. */
  public static final String SYNTHETIC = "synthetic";

  /** Checks that an inline spec is not combined with another generator. */
  public WorkloadConfig {
    parameters = parameters == null ? Map.of()
        : java.util.Collections.unmodifiableMap(new TreeMap<>(parameters));
    checkArgument(spec == null || generator == null || generator.equals(SYNTHETIC),
        "an inline 'spec' is a synthetic workload; remove 'generator: %s' or the 'spec'",
        generator);
    checkArgument(spec == null || parameters.isEmpty(), "'parameters' apply to a workload "
        + "generator; with an inline 'spec' write the values into the spec");
    if (generator == null) {
      generator = SYNTHETIC;
    }
  }

  /** The id of the built-in workload without jobs. */
  public static final String NONE = "none";

  /** No workload: a run whose jobs all come from its applications. */
  public static WorkloadConfig none() {
    return new WorkloadConfig(NONE, Map.of(), null);
  }

  /** The built-in demo workload. */
  public static WorkloadConfig demo() {
    return new WorkloadConfig(SYNTHETIC, Map.of(), null);
  }

  /** The same configuration with one more generator parameter. */
  public WorkloadConfig with(String name, String value) {
    if (spec != null) {
      throw new org.preemptlab.api.ConfigurationException("workload." + name + ": the workload is "
          + "an inline spec; edit the spec in the configuration file instead");
    }
    Map<String, String> copy = new TreeMap<>(parameters);
    copy.put(name, value);
    return new WorkloadConfig(generator, copy, null);
  }

  /** A copy whose relative file-path parameters are resolved against {@code dir}. */
  public WorkloadConfig withPathsResolvedAgainst(java.nio.file.Path dir) {
    return spec != null ? this
        : new WorkloadConfig(generator, RunConfig.resolvePaths(parameters, dir), null);
  }
}
