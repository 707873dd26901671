package org.preemptlab.runner.experiment;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
import org.preemptlab.runner.workload.SpecErrors;
import org.preemptlab.runner.workload.YamlLocations;

/**
 * Binds YAML documents that embed run configurations (such as sweep files) into records with the
 * same mapper and the same one-line error messages as {@link ConfigLoader}: kebab-case keys,
 * unknown and duplicate keys rejected, errors naming the file, line, column and key path.
 */
public final class YamlBinding {
  private YamlBinding() {}

  /**
   * Reads the YAML file {@code file} into {@code type}.
   *
   * @return the bound value, or empty for a document without content (blank or only comments)
   * @throws ConfigurationException if the file cannot be read or does not bind
   */
  public static <T> Optional<T> read(Path file, Class<T> type) {
    String text = Limits.readText(file, "configuration file", Limits.MAX_TEXT_FILE_BYTES);
    return parse(text, file.toString(), type);
  }

  /**
   * Binds YAML text into {@code type}.
   *
   * @param sourceName how errors name the source, usually the file's path
   * @return the bound value, or empty for a document without content
   * @throws ConfigurationException if the text does not bind
   */
  public static <T> Optional<T> parse(String yaml, String sourceName, Class<T> type) {
    if (yaml.isBlank()) {
      return Optional.empty();
    }
    org.preemptlab.runner.workload.YamlMappers.checkStrict(yaml, sourceName);
    try {
      try (JsonParser parser = ConfigLoader.mapper().createParser(yaml)) {
        JsonToken first = parser.nextToken();
        // nothing, or a document of only '---' or '~'
        if (first == null || (first == JsonToken.VALUE_NULL
            || first == JsonToken.VALUE_STRING && parser.getText().isEmpty())
            && parser.nextToken() == null) {
          return Optional.empty();
        }
      }
      return Optional.ofNullable(ConfigLoader.mapper().readValue(yaml, type));
    } catch (JsonProcessingException e) {
      throw SpecErrors.translate(e, sourceName, YamlLocations.of(yaml));
    } catch (IOException e) {
      throw new UncheckedIOException(e); // reading a String does no I/O
    }
  }

  /** Writes {@code value} as YAML with the run configuration's conventions. */
  public static String toYaml(Object value) {
    try {
      return ConfigLoader.mapper().writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write " + value.getClass().getSimpleName(), e);
    }
  }
}
