package org.preemptlab.api;

import java.util.List;

/**
 * The common contract of every plugin provider. A provider is found with {@link
 * java.util.ServiceLoader} under the interface of its kind (for example {@code
 * SchedulingPolicyProvider}), must have a public no-argument constructor, and creates a fresh
 * plugin instance for each run, so runs can execute in parallel in one JVM.
 *
 * <p>Only {@link #id()}, {@link #description()} and {@link #create(PluginContext)} are abstract.
 *
 * @param <T> the plugin type this provider creates
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface PluginProvider<T> {

  /** The plugin's id: kebab-case, unique within its kind, for example {@code "round-robin"}. */
  String id();

  /** One line saying what the plugin does, for {@code preemptlab list}. */
  String description();

  /**
   * Creates a new instance for one run. Never returns a shared instance.
   *
   * @param context the validated parameters, the device and this plugin's random stream
   * @throws ConfigurationException if the parameters or the device make the plugin unusable
   */
  T create(PluginContext context);

  /** The parameters the plugin accepts; none by default. */
  default List<ParameterSpec> parameters() {
    return List.of();
  }

  /**
   * The plugin's version: by default the {@code Implementation-Version} of its jar's manifest, or
   * {@code "dev"} when run from classes.
   */
  default String version() {
    String version = getClass().getPackage().getImplementationVersion();
    return version == null ? "dev" : version;
  }
}
