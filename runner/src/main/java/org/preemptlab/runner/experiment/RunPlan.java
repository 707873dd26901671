package org.preemptlab.runner.experiment;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginKind;
import org.preemptlab.api.metrics.MetricDeclaration;
import org.preemptlab.runner.discovery.PluginDescriptor;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.sharing.SharingConfig;
import org.preemptlab.runner.metrics.Metrics;

/**
 * A run's plugins resolved once against the plugin registry: for each plugin of the
 * configuration its id, its parameters validated with their defaults filled in, its descriptor
 * (version, jar) and the metrics it declares. {@link RunExecutor} creates the run's instances
 * from it; the run folder (summary, provenance), the console summary and a sweep's checks read it
 * instead of looking each plugin kind up by hand. Building a plan is the validation of a
 * configuration's plugins: a plan that exists is valid.
 *
 * @param config the configuration the plan was resolved from
 * @param plugins every plugin of the run, in plugin-kind order (policy, preemption, context save,
 *     hardware, workload), then each application in the configuration's order, then the sharing
 *     mode when the {@code sharing} section names a plugin mode
 */
public record RunPlan(RunConfig config, List<PlannedPlugin> plugins) {

  /**
   * Checks that every kind but applications and sharing modes appears exactly once, a sharing mode
   * at most once, and copies the list.
   */
  public RunPlan {
    plugins = List.copyOf(plugins);
    for (PluginKind kind : PluginKind.values()) {
      long count = plugins.stream().filter(p -> p.kind() == kind).count();
      checkArgument(kind == PluginKind.APPLICATION || count == 1
          || kind == PluginKind.SHARING_MODE && count == 0,
          "a run plan holds one %s, got %s", kind.label(), count);
    }
  }

  /**
   * Resolves {@code config}'s plugins in {@code registry}: the hardware model, the policy, the
   * preemption-point and context-save strategies, the workload generator and the applications
   * are validated in this order, so the first mistake is the one reported.
   *
   * @throws ConfigurationException for an unknown id or parameter or an invalid value, naming the
   *     key (an application's {@code applications[i]}) and the valid choices
   * @throws org.preemptlab.runner.discovery.PluginFailureException when a provider's metric
   *     declarations fail
   */
  public static RunPlan of(PluginRegistry registry, RunConfig config) {
    List<Validated> validated = new ArrayList<>();
    for (PluginKind kind : RunConfig.PLUGIN_KINDS) {
      PluginChoice choice = config.choice(kind);
      boolean spec = kind == PluginKind.WORKLOAD && config.workload().spec() != null;
      validated.add(spec ? new Validated(kind, choice.id(), choice, null) // no generator values
          : Validated.of(registry, kind, choice));
    }
    List<String> labels = ApplicationSetup.labels(config.applications());
    for (int i = 0; i < config.applications().size(); i++) {
      PluginChoice application = config.applications().get(i);
      try {
        validated.add(new Validated(PluginKind.APPLICATION, labels.get(i), application,
            registry.parameters(PluginKind.APPLICATION, application.id(),
                application.parameters())));
      } catch (ConfigurationException e) {
        throw new ConfigurationException(ApplicationSetup.key(i) + ": " + e.getMessage(), e);
      }
    }
    if (config.sharing() instanceof SharingConfig.Plugin mode) {
      validated.add(sharingMode(registry, mode));
    }
    validated.sort(Comparator.comparing(Validated::kind)); // stable: applications keep order
    // then what each declares, once every id and parameter is known to be valid
    return new RunPlan(config, validated.stream().map(v -> v.plan(registry)).toList());
  }

  /**
   * The sharing-mode plugin {@code mode} names, its parameters validated: a mode that is neither
   * built in nor a plugin's is refused naming both kinds of mode.
   */
  private static Validated sharingMode(PluginRegistry registry, SharingConfig.Plugin mode) {
    if (!registry.contains(PluginKind.SHARING_MODE, mode.mode())) {
      throw new ConfigurationException("sharing.mode: " + SharingConfig.unknownMode(mode.mode(),
          registry.ids(PluginKind.SHARING_MODE)));
    }
    PluginChoice choice = new PluginChoice(mode.mode(), mode.values());
    try {
      return Validated.of(registry, PluginKind.SHARING_MODE, choice);
    } catch (ConfigurationException e) {
      throw new ConfigurationException("sharing: " + e.getMessage(), e);
    }
  }

  /** The sharing-mode plugin of the run, or null when its sharing mode is built in or absent. */
  public PlannedPlugin sharingMode() {
    return plugins.stream().filter(p -> p.kind() == PluginKind.SHARING_MODE).findFirst()
        .orElse(null);
  }

  /** A plugin whose id and parameters are checked, before its metrics are asked for. */
  private record Validated(PluginKind kind, String label, PluginChoice choice,
      Parameters parameters) {
    static Validated of(PluginRegistry registry, PluginKind kind, PluginChoice choice) {
      return new Validated(kind, choice.id(), choice,
          registry.parameters(kind, choice.id(), choice.parameters()));
    }

    PlannedPlugin plan(PluginRegistry registry) {
      PluginDescriptor descriptor = registry.descriptor(kind, choice.id());
      List<MetricDeclaration> metrics = PlannedPlugin.REPORTS_METRICS.contains(kind)
          ? PluginMetrics.declared(descriptor, registry.provider(kind, choice.id())) : List.of();
      return new PlannedPlugin(kind, label, choice, parameters, descriptor, metrics);
    }
  }

  /**
   * The plugin of {@code kind}, one of the kinds a run has exactly one of (not applications, not
   * sharing modes).
   */
  public PlannedPlugin plugin(PluginKind kind) {
    checkArgument(kind != PluginKind.APPLICATION, "a run has any number of applications: use "
        + "applications()");
    checkArgument(kind != PluginKind.SHARING_MODE, "a run has at most one sharing-mode plugin: "
        + "use sharingMode()");
    return plugins.stream().filter(p -> p.kind() == kind).findFirst().orElseThrow();
  }

  /** The applications, in the configuration's order. */
  public List<PlannedPlugin> applications() {
    return plugins.stream().filter(p -> p.kind() == PluginKind.APPLICATION).toList();
  }

  /** The descriptors of {@link #plugins}, in the same order: what a run folder lists. */
  public List<PluginDescriptor> descriptors() {
    return plugins.stream().map(PlannedPlugin::descriptor).toList();
  }

  /**
   * The parameter values each plugin but the applications is created with, defaults included, by
   * kind; a workload given as an inline spec has none.
   */
  public Map<PluginKind, Map<String, String>> parameters() {
    Map<PluginKind, Map<String, String>> all = new EnumMap<>(PluginKind.class);
    for (PlannedPlugin plugin : plugins) {
      if (plugin.kind() != PluginKind.APPLICATION && plugin.parameters() != null) {
        all.put(plugin.kind(), plugin.parameters().asText());
      }
    }
    return all;
  }

  /** The parameter values, defaults included, of each application, in order. */
  public List<Map<String, String>> applicationParameters() {
    return applications().stream().map(a -> a.parameters().asText()).toList();
  }

  /**
   * The metric registry of the run: the built-in metrics and those its plugins declare, each
   * under its {@link PlannedPlugin#metricPrefix()} ({@code policy.ID}, {@code
   * application.LABEL.ID}).
   */
  public Metrics metrics() {
    Metrics metrics = Metrics.builtIn();
    for (PlannedPlugin plugin : plugins) {
      if (PlannedPlugin.REPORTS_METRICS.contains(plugin.kind())) {
        metrics = metrics.withPlugin(plugin.metricPrefix(), plugin.metrics());
      }
    }
    return metrics;
  }

  /** The same plan for a configuration that differs in its seed only (a sweep's runs). */
  public RunPlan withSeed(long seed) {
    return new RunPlan(config.withSeed(seed), plugins);
  }

  /**
   * One plugin of a run, resolved.
   *
   * @param kind its kind
   * @param label how the run names it in metric ids and random streams: an application's id, or
   *     {@code <id>-k} for the k-th application of one id; the id for the other kinds
   * @param choice its id and the parameter values the configuration gives
   * @param parameters its parameter values validated, defaults filled in; null only for a
   *     workload written as an inline spec, which has no generator parameters
   * @param descriptor what the registry knows of it (version, jar, declared parameters)
   * @param metrics the metrics its provider declares; none for hardware models and workload
   *     generators, whose values the run does not read
   */
  public record PlannedPlugin(PluginKind kind, String label, PluginChoice choice,
      Parameters parameters, PluginDescriptor descriptor, List<MetricDeclaration> metrics) {

    /** The kinds whose instances report metric values after a run. */
    static final java.util.Set<PluginKind> REPORTS_METRICS = java.util.EnumSet.of(
        PluginKind.SCHEDULING_POLICY, PluginKind.PREEMPTION_STRATEGY, PluginKind.CONTEXT_SAVE,
        PluginKind.APPLICATION);

    /** Checks that the descriptor is of {@code kind} and {@code choice}'s id; copies metrics. */
    public PlannedPlugin {
      checkArgument(descriptor.kind() == kind && descriptor.id().equals(choice.id()),
          "descriptor %s/%s is not the plugin %s/%s", descriptor.kind(), descriptor.id(), kind,
          choice.id());
      checkArgument(parameters != null || kind == PluginKind.WORKLOAD,
          "only a workload given as a spec has no parameters");
      metrics = List.copyOf(metrics);
    }

    /** The plugin's id. */
    public String id() {
      return choice.id();
    }

    /** The prefix of the metric ids it reports: {@code policy}, {@code application.LABEL}. */
    public String metricPrefix() {
      return kind == PluginKind.APPLICATION ? kind.key() + "." + label : kind.key();
    }
  }
}
