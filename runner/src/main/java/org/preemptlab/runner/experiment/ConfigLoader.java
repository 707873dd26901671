package org.preemptlab.runner.experiment;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.preemptlab.runner.workload.YamlMappers;

/**
 * Reads run configurations from YAML into {@link RunConfig} records. Keys are kebab-case, unknown
 * keys and duplicate keys are errors, and every error is one line naming the file, line, column and
 * key path, with the valid choices.
 */
public final class ConfigLoader {
  /** The class-path resource of the built-in demo configuration. */
  public static final String DEMO_RESOURCE = "/org/preemptlab/runner/experiment/demo-run.yaml";

  private static final ObjectMapper MAPPER = YamlMappers.strict();

  private ConfigLoader() {}

  /**
   * Reads the configuration in {@code file}. Relative file paths among its plugin parameters
   * ({@code path}, {@code ...-path}) are resolved against the file's folder.
   *
   * @throws org.preemptlab.api.ConfigurationException if the file cannot be read or is not a valid configuration
   */
  public static RunConfig load(Path file) {
    return YamlBinding.read(file, RunConfig.class).orElseGet(RunConfig::defaults)
        .withPathsResolvedAgainst(folderOf(file));
  }

  /** The absolute folder holding {@code file}. */
  public static Path folderOf(Path file) {
    Path parent = file.toAbsolutePath().normalize().getParent();
    return parent == null ? file.toAbsolutePath().getRoot() : parent;
  }

  /**
   * Reads a configuration from YAML text; an empty document (blank, or only comments) is the
   * default configuration.
   *
   * @param sourceName how errors name the source, usually the file's path
   */
  public static RunConfig parse(String yaml, String sourceName) {
    return YamlBinding.parse(yaml, sourceName, RunConfig.class).orElseGet(RunConfig::defaults);
  }

  /** The built-in demo configuration, {@code preemptlab demo}'s starting point. */
  public static RunConfig demo() {
    return parse(demoText(), "demo-run.yaml");
  }

  /** The text of the built-in demo configuration. */
  public static String demoText() {
    try (InputStream in = ConfigLoader.class.getResourceAsStream(DEMO_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("missing class-path resource " + DEMO_RESOURCE);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Writes a configuration back as YAML, for the resolved configuration in a run's outputs. A key
   * that holds no value is left out rather than written {@code null} (reading it back gives the
   * same configuration).
   */
  public static String toYaml(RunConfig config) {
    try {
      return WRITER.writeValueAsString(config);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot write the configuration", e);
    }
  }

  private static final ObjectMapper WRITER = MAPPER.copy()
      .setSerializationInclusion(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
      .addMixIn(PluginChoice.class, NoEmptyParameters.class)
      .addMixIn(WorkloadConfig.class, NoEmptyParameters.class);

  /** A plugin without parameters is written without a {@code parameters} key, not {@code {}}. */
  @com.fasterxml.jackson.annotation.JsonInclude(
      com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
  private abstract static class NoEmptyParameters {}

  /** The mapper, for writing other results with the same conventions. */
  static ObjectMapper mapper() {
    return MAPPER;
  }
}
