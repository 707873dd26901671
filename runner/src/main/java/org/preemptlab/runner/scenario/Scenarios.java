package org.preemptlab.runner.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
  /** The top-level key that makes a YAML file a scenario ({@link #isScenario}). */
  public static final String MARKER = "schedulers";

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
   * Whether a file is a scenario rather than a run configuration: a YAML mapping with a top-level
   * {@value #MARKER} key (a run configuration has none). A file that cannot be read or parsed is
   * not one; the run configuration's reader then reports why.
   */
  public static boolean isScenario(Path file) {
    try {
      String text = Limits.readText(file, "configuration", Limits.MAX_TEXT_FILE_BYTES);
      JsonNode root = new ObjectMapper(YamlMappers.factory()).readTree(text);
      return root != null && root.isObject() && root.has(MARKER);
    } catch (ConfigurationException | IOException e) {
      return false;
    }
  }

  /**
   * Reads a scenario from YAML text.
   *
   * @param sourceName how errors name the source
   * @throws ConfigurationException if the text is not a valid scenario
   */
  public static Scenario fromYaml(String yaml, String sourceName) {
    YamlMappers.checkStrict(yaml, sourceName);
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
