package org.preemptlab.runner.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
import org.preemptlab.runner.workload.SpecErrors;
import org.preemptlab.runner.workload.YamlLocations;
import org.preemptlab.runner.workload.YamlMappers;

/**
 * Reads {@link Scenario} files with the project's YAML conventions: kebab-case keys,
 * case-insensitive enum values, unknown or duplicate keys rejected, and one-line errors of the
 * form {@code FILE:LINE:COL: KEY.PATH: MESSAGE} with the valid choices and the closest match.
 */
public final class Scenarios {
  private Scenarios() {}

  /**
   * Reads a scenario file; errors name the file by its file name.
   *
   * @throws ConfigurationException if it cannot be read or is not a valid scenario
   */
  public static Scenario load(Path file) {
    String text = Limits.readText(file, "scenario", Limits.MAX_TEXT_FILE_BYTES);
    Path name = file.getFileName();
    return fromYaml(text, name == null ? file.toString() : name.toString());
  }

  /**
   * Reads a scenario from YAML text.
   *
   * @param sourceName how errors name the source
   * @throws ConfigurationException if the text is not a valid scenario
   */
  public static Scenario fromYaml(String yaml, String sourceName) {
    try {
      Scenario scenario = YamlMappers.strict().readValue(yaml, Scenario.class);
      if (scenario == null) {
        throw new ConfigurationException(sourceName + ": the scenario is empty");
      }
      return scenario;
    } catch (JsonProcessingException e) {
      throw SpecErrors.translate(e, sourceName, YamlLocations.of(yaml));
    }
  }

  /** Reads a class-path resource, e.g. one of the KUnit scenarios. */
  public static Scenario resource(String path) {
    try (InputStream in = Scenarios.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("missing class-path resource " + path);
      }
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return fromYaml(text, path.substring(path.lastIndexOf('/') + 1));
    } catch (IOException e) {
      throw new IllegalStateException("cannot read class-path resource " + path, e);
    }
  }
}
