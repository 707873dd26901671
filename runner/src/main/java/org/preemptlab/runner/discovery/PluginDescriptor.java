package org.preemptlab.runner.discovery;

import java.util.List;
import java.util.Objects;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginKind;

/**
 * What discovery learned about one plugin: enough for {@code preemptlab list}, error messages and
 * the provenance recorded in a run's summary.
 *
 * @param kind the plugin's kind
 * @param id its kebab-case id, unique within the kind
 * @param description one line saying what it does
 * @param version its version ({@code "dev"} when run from classes)
 * @param jar the file name of the jar the provider class came from, {@code "classes"} for a class
 *     directory, or {@code "unknown"}
 * @param providerClass the provider's class name
 * @param parameters the parameters it accepts, in declaration order
 * @param jarSha256 the SHA-256 of the jar the provider class came from, as 64 lower-case hex
 *     digits, or {@code ""} when it came from a class directory or an unknown place
 */
public record PluginDescriptor(
    PluginKind kind,
    String id,
    String description,
    String version,
    String jar,
    String providerClass,
    List<ParameterSpec> parameters,
    String jarSha256) {

  /** Checks that every field is present and copies the parameters. */
  public PluginDescriptor {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(jar, "jar");
    Objects.requireNonNull(providerClass, "providerClass");
    parameters = List.copyOf(parameters);
    Objects.requireNonNull(jarSha256, "jarSha256");
  }

  /** A descriptor without a jar digest (a plugin from classes, or a test's). */
  public PluginDescriptor(PluginKind kind, String id, String description, String version,
      String jar, String providerClass, List<ParameterSpec> parameters) {
    this(kind, id, description, version, jar, providerClass, parameters, "");
  }

  /** The plugin as named in messages, for example {@code scheduling policy 'fifo'}. */
  public String displayName() {
    return kind.label() + " '" + id + "'";
  }
}
