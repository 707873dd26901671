package org.preemptlab.runner.workload;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;

/**
 * Reads {@link SyntheticSpec}s from YAML files, YAML text or an already parsed tree (for a spec
 * inlined in a run configuration). Keys are kebab-case; unknown keys, unknown enum values and
 * invalid values fail with a one-line {@link ConfigurationException} naming the source, line,
 * column and key path, and the valid choices.
 */
public final class SyntheticSpecs {
  /** The class-path resource of the built-in demo spec. */
  public static final String DEMO_RESOURCE = "/org/preemptlab/runner/workload/demo.yaml";

  private static final ObjectMapper MAPPER = YamlMappers.strict();

  private SyntheticSpecs() {}

  /**
   * Reads the spec in a YAML file; errors name the file by its file name.
   *
   * @throws ConfigurationException if the file cannot be read or holds no valid spec
   */
  public static SyntheticSpec load(Path file) {
    String text = Limits.readText(file, "workload spec", Limits.MAX_TEXT_FILE_BYTES);
    Path name = file.getFileName();
    return fromYaml(text, name == null ? file.toString() : name.toString());
  }

  /**
   * Reads a spec from YAML text.
   *
   * @param sourceName how errors name the source, usually a file name
   * @throws ConfigurationException if the text holds no valid spec
   */
  public static SyntheticSpec fromYaml(String yaml, String sourceName) {
    YamlMappers.checkStrict(yaml, sourceName);
    try {
      SyntheticSpec spec = MAPPER.readValue(yaml, SyntheticSpec.class);
      if (spec == null) {
        throw new ConfigurationException(sourceName + ": the workload spec is empty; it needs "
            + "'contexts' and 'queues' (docs/workloads.md)");
      }
      return spec;
    } catch (JsonProcessingException e) {
      throw SpecErrors.translate(e, sourceName, YamlLocations.of(yaml));
    }
  }

  /**
   * Binds a spec from a parsed tree, for specs inlined in a run configuration. Errors name {@code
   * sourceName} and the key path within the tree, but no line, since a tree has none.
   *
   * @param sourceName how errors name the source, e.g. {@code "run.yaml: workload.spec"}
   * @throws ConfigurationException if the tree holds no valid spec
   */
  public static SyntheticSpec fromTree(JsonNode tree, String sourceName) {
    try {
      SyntheticSpec spec = tree == null || tree.isNull() ? null
          : MAPPER.treeToValue(tree, SyntheticSpec.class);
      if (spec == null) {
        throw new ConfigurationException(sourceName + ": the workload spec is empty; it needs "
            + "'contexts' and 'queues' (docs/workloads.md)");
      }
      return spec;
    } catch (JsonProcessingException e) {
      throw SpecErrors.translate(e, sourceName, null);
    }
  }

  /** The built-in demo spec ({@code demo.yaml}), used by {@code preemptlab demo}. */
  public static SyntheticSpec demo() {
    return fromYaml(demoYaml(), "demo.yaml");
  }

  /** The text of the built-in demo spec. */
  public static String demoYaml() {
    try (InputStream in = SyntheticSpecs.class.getResourceAsStream(DEMO_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("missing class-path resource " + DEMO_RESOURCE);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
