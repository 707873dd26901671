package org.preemptlab.hardware;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.HardwareModelProvider;

/**
 * The {@code file} hardware model: loads a user's own model from a parameter file with the same
 * keys as the bundled ones ({@code key = value} lines, {@code #} comments), so that a new device
 * needs no Java. The format is described in {@code docs/hardware-models.md}.
 *
 * @since 0.1
 */
public final class FileModelProvider implements HardwareModelProvider {
  /** The name of the one parameter: the model file to load. */
  public static final String PATH = "path";

  /** Creates the provider; called by {@link java.util.ServiceLoader}. */
  public FileModelProvider() {}

  @Override
  public String id() {
    return "file";
  }

  @Override
  public String description() {
    return "Loads your own hardware model from a key = value file (see docs/hardware-models.md)";
  }

  /** The required {@code path} of the model file; empty by default. */
  @Override
  public List<ParameterSpec> parameters() {
    return List.of(ParameterSpec.text(PATH, "",
        "The hardware model file to load, e.g. my.hw; required."));
  }

  /**
   * Loads the file named by the {@code path} parameter.
   *
   * @throws ConfigurationException if {@code path} is empty, the file cannot be read, or it is
   *     not a valid model (the message names file:line)
   */
  @Override
  public HardwareModel create(PluginContext context) {
    String path = context.parameters().getString(PATH).trim();
    if (path.isEmpty()) {
      throw new ConfigurationException("hardware 'file' needs the model file to load: set"
          + " hardware.path=<file> (the format is in docs/hardware-models.md)");
    }
    try {
      return load(Path.of(path), context.random().nextLong());
    } catch (InvalidPathException e) {
      throw new ConfigurationException("hardware 'file': '" + path + "' is not a valid path: "
          + e.getReason(), e);
    }
  }

  /**
   * Loads a hardware model file whose cost draws use a fixed stream (seed 0).
   *
   * @param path the file; its text as given names it in messages
   * @throws ConfigurationException if the file cannot be read or is not a valid model
   */
  public static HardwareModel load(Path path) {
    return load(path, 0);
  }

  /**
   * Loads a hardware model file.
   *
   * @param path the file; its text as given names it in messages
   * @param streamSeed seeds the model's cost draws
   * @throws ConfigurationException if the file cannot be read or is not a valid model
   */
  public static HardwareModel load(Path path, long streamSeed) {
    ModelFile file = ModelFile.read(path);
    return ModelBuilder.build(file.source(), file.settings(), streamSeed);
  }
}
