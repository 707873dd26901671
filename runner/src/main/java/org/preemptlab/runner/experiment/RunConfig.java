package org.preemptlab.runner.experiment;

import java.util.List;
import org.preemptlab.api.PluginKind;

/**
 * Everything that defines one run: the plugins, the workload, the engine settings and the root
 * seed. Bound from a YAML file (see {@code docs/config-format.md}); missing sections take the
 * defaults below, so an empty file is a valid configuration.
 *
 * @param name a label for reports; default {@code "run"}
 * @param seed the root seed every random stream of the run is split from; default 1
 * @param hardware the hardware model; default {@code h200}
 * @param policy the scheduling policy; default {@code priority}
 * @param preemption the preemption-point strategy; default {@code block-boundary}
 * @param contextSave the context-save strategy; default {@code full}
 * @param workload the workload; default the built-in demo, or with applications no workload
 *     ({@code none})
 * @param applications the applications that submit jobs while the run goes on ({@code id} and
 *     {@code parameters} each, in the order they start); default none
 * @param engine engine settings; default unlimited credits, invariants checked
 * @param sharing how contexts share the device in space (MPS, MIG, green contexts; {@code
 *     docs/sharing.md}); default none: the hardware model's time slicing or concurrent contexts
 */
public record RunConfig(
    String name,
    Long seed,
    PluginChoice hardware,
    PluginChoice policy,
    PluginChoice preemption,
    PluginChoice contextSave,
    WorkloadConfig workload,
    @com.fasterxml.jackson.annotation.JsonInclude(
        com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
    List<PluginChoice> applications,
    EngineConfig engine,
    @com.fasterxml.jackson.annotation.JsonInclude(
        com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    org.preemptlab.runner.experiment.sharing.SharingConfig sharing) {

  /** Fills in the defaults. */
  public RunConfig {
    name = name == null ? "run" : name;
    seed = seed == null ? 1L : seed;
    hardware = hardware == null ? PluginChoice.of("h200") : hardware;
    policy = policy == null ? PluginChoice.of("priority") : policy;
    preemption = preemption == null ? PluginChoice.of("block-boundary") : preemption;
    contextSave = contextSave == null ? PluginChoice.of("full") : contextSave;
    com.google.common.base.Preconditions.checkArgument(applications == null
        || applications.stream().noneMatch(java.util.Objects::isNull), "an entry of "
        + "'applications' is empty: write an application's id, e.g. '- training-loop', or a "
        + "mapping with 'id' and 'parameters'");
    applications = applications == null ? List.of() : List.copyOf(applications);
    workload = workload != null ? workload
        : applications.isEmpty() ? WorkloadConfig.demo() : WorkloadConfig.none();
    engine = engine == null ? EngineConfig.defaults() : engine;
  }

  /**
   * The kinds a configuration chooses exactly one plugin of, each in its own section, in the
   * order of those sections: hardware, policy, preemption, context-save, workload. Plugins are
   * validated and their input files recorded in this order.
   */
  public static final List<PluginKind> PLUGIN_KINDS = List.of(PluginKind.HARDWARE_MODEL,
      PluginKind.SCHEDULING_POLICY, PluginKind.PREEMPTION_STRATEGY, PluginKind.CONTEXT_SAVE,
      PluginKind.WORKLOAD);

  /**
   * The plugin chosen for {@code kind}, one of {@link #PLUGIN_KINDS}: the workload's as its
   * generator and parameters (an inline spec's generator is {@code synthetic}, without
   * parameters).
   *
   * @throws IllegalArgumentException for {@link PluginKind#APPLICATION}: a configuration has a
   *     list of them, {@link #applications()}
   */
  public PluginChoice choice(PluginKind kind) {
    return switch (kind) {
      case HARDWARE_MODEL -> hardware;
      case SCHEDULING_POLICY -> policy;
      case PREEMPTION_STRATEGY -> preemption;
      case CONTEXT_SAVE -> contextSave;
      case WORKLOAD -> new PluginChoice(workload.generator(), workload.parameters());
      case APPLICATION -> throw new IllegalArgumentException("a configuration has a list of "
          + "applications, not one choice: use applications()");
      case SHARING_MODE -> throw new IllegalArgumentException("a sharing mode is the sharing "
          + "section's mode, not a choice of its own: use sharing()");
    };
  }

  /**
   * A copy with {@code value} as the plugin of {@code kind}, one of {@link #PLUGIN_KINDS}; for
   * the workload, a generator with these parameters (replacing an inline spec).
   */
  public RunConfig withChoice(PluginKind kind, PluginChoice value) {
    return switch (kind) {
      case HARDWARE_MODEL -> withHardware(value);
      case SCHEDULING_POLICY -> withPolicy(value);
      case PREEMPTION_STRATEGY -> withPreemption(value);
      case CONTEXT_SAVE -> withContextSave(value);
      case WORKLOAD -> withWorkload(new WorkloadConfig(value.id(), value.parameters(), null));
      case APPLICATION -> throw new IllegalArgumentException("a configuration has a list of "
          + "applications, not one choice: use withApplications");
      case SHARING_MODE -> throw new IllegalArgumentException("a sharing mode is the sharing "
          + "section's mode, not a choice of its own: use withSharing");
    };
  }

  /** A configuration without applications and without a {@code sharing} section. */
  public RunConfig(String name, Long seed, PluginChoice hardware, PluginChoice policy,
      PluginChoice preemption, PluginChoice contextSave, WorkloadConfig workload,
      EngineConfig engine) {
    this(name, seed, hardware, policy, preemption, contextSave, workload, null, engine, null);
  }

  /** A configuration without a {@code sharing} section. */
  public RunConfig(String name, Long seed, PluginChoice hardware, PluginChoice policy,
      PluginChoice preemption, PluginChoice contextSave, WorkloadConfig workload,
      List<PluginChoice> applications, EngineConfig engine) {
    this(name, seed, hardware, policy, preemption, contextSave, workload, applications, engine,
        null);
  }

  /** The configuration with every default. */
  public static RunConfig defaults() {
    return new RunConfig(null, null, null, null, null, null, null, null, null, null);
  }

  /** A copy with another {@code sharing} section (null for none). */
  public RunConfig withSharing(org.preemptlab.runner.experiment.sharing.SharingConfig value) {
    return new RunConfig(name, seed, hardware, policy, preemption, contextSave, workload,
        applications, engine, value);
  }

  /** A copy with another name. */
  public RunConfig withName(String value) {
    return new RunConfig(value, seed, hardware, policy, preemption, contextSave, workload,
        applications, engine, sharing);
  }

  /** A copy with another seed. */
  public RunConfig withSeed(long value) {
    return new RunConfig(name, value, hardware, policy, preemption, contextSave, workload,
        applications, engine, sharing);
  }

  /** A copy with another hardware model. */
  public RunConfig withHardware(PluginChoice value) {
    return new RunConfig(name, seed, value, policy, preemption, contextSave, workload,
        applications, engine, sharing);
  }

  /** A copy with another policy. */
  public RunConfig withPolicy(PluginChoice value) {
    return new RunConfig(name, seed, hardware, value, preemption, contextSave, workload,
        applications, engine, sharing);
  }

  /** A copy with another preemption-point strategy. */
  public RunConfig withPreemption(PluginChoice value) {
    return new RunConfig(name, seed, hardware, policy, value, contextSave, workload,
        applications, engine, sharing);
  }

  /** A copy with another context-save strategy. */
  public RunConfig withContextSave(PluginChoice value) {
    return new RunConfig(name, seed, hardware, policy, preemption, value, workload,
        applications, engine, sharing);
  }

  /** A copy with another workload. */
  public RunConfig withWorkload(WorkloadConfig value) {
    return new RunConfig(name, seed, hardware, policy, preemption, contextSave, value,
        applications, engine, sharing);
  }

  /** A copy with other applications. */
  public RunConfig withApplications(List<PluginChoice> value) {
    return new RunConfig(name, seed, hardware, policy, preemption, contextSave, workload, value,
        engine, sharing);
  }

  /** A copy with other engine settings. */
  public RunConfig withEngine(EngineConfig value) {
    return new RunConfig(name, seed, hardware, policy, preemption, contextSave, workload,
        applications, value, sharing);
  }

  /**
   * A copy in which every relative file path among the plugin parameters is resolved against
   * {@code dir} (the folder of the configuration file), so a configuration can carry its trace and
   * hardware files and the resolved {@code config.yaml} a run writes reproduces it from any
   * directory. A parameter is a file path when {@link #isPathParameter} says so.
   */
  public RunConfig withPathsResolvedAgainst(java.nio.file.Path dir) {
    return new RunConfig(name, seed, hardware.withPathsResolvedAgainst(dir),
        policy.withPathsResolvedAgainst(dir), preemption.withPathsResolvedAgainst(dir),
        contextSave.withPathsResolvedAgainst(dir), workload.withPathsResolvedAgainst(dir),
        applications.stream().map(a -> a.withPathsResolvedAgainst(dir)).toList(), engine,
        sharing);
  }

  /**
   * Whether a plugin parameter named {@code name} holds a file path: {@code path}, {@code
   * ...-path}, {@code ...-file}, {@code trace} (an application's request trace), the synthetic
   * generator's {@code spec} file and the trace readers' {@code dram-annotations} CSV. Such a value, when relative, is read against the configuration
   * file's folder, and the file is recorded in a run's folder ({@code docs/config-format.md}).
   */
  public static boolean isPathParameter(String name) {
    return name.equals("path") || name.endsWith("-path") || name.endsWith("-file")
        || name.equals("trace") || name.equals("spec") || name.equals("dram-annotations");
  }

  /** The parameters with relative file paths resolved against {@code dir}. */
  static java.util.Map<String, String> resolvePaths(java.util.Map<String, String> parameters,
      java.nio.file.Path dir) {
    java.util.Map<String, String> resolved = new java.util.TreeMap<>(parameters);
    resolved.replaceAll((key, value) -> {
      if (!isPathParameter(key) || value.isBlank()) {
        return value;
      }
      try {
        java.nio.file.Path path = java.nio.file.Path.of(value);
        return path.isAbsolute() ? value : dir.resolve(path).normalize().toString();
      } catch (java.nio.file.InvalidPathException e) {
        return value; // the plugin reports the bad path with its own message
      }
    });
    return resolved;
  }
}
