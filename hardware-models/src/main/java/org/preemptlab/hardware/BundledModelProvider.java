package org.preemptlab.hardware;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.HardwareModelProvider;

/**
 * A hardware model defined by a parameter file bundled in this package. Every key of the file is
 * a parameter whose default is the file's value, so {@code preemptlab list} shows the model and a
 * user can override any value (for example {@code hardware.time-slice=1ms}); overridden values
 * are checked exactly as file values are.
 *
 * @since 0.1
 */
public abstract class BundledModelProvider implements HardwareModelProvider {
  private final String id;
  private final String description;
  private final ModelFile file;
  private final List<ParameterSpec> parameters;

  /**
   * Loads and checks the bundled file, so that a broken file fails discovery naming file:line.
   *
   * @param id the provider's id, e.g. {@code "h200"}
   * @param description one line for {@code preemptlab list}
   * @param resource the file's name in this package, e.g. {@code "h200.yaml"}
   */
  protected BundledModelProvider(String id, String description, String resource) {
    this.id = Objects.requireNonNull(id, "id");
    this.description = Objects.requireNonNull(description, "description");
    this.file = ModelFile.resource(resource);
    ModelBuilder.build(file.source(), file.settings(), 0);
    List<ParameterSpec> specs = new ArrayList<>();
    file.settings().forEach((key, setting) -> specs.add(key.parameter(setting.text())));
    this.parameters = List.copyOf(specs);
  }

  @Override
  public final String id() {
    return id;
  }

  @Override
  public final String description() {
    return description;
  }

  /** One parameter per key of the bundled file, each defaulting to the file's value. */
  @Override
  public final List<ParameterSpec> parameters() {
    return parameters;
  }

  /**
   * Builds the model from the bundled file with the run's parameter values in place of the
   * file's.
   *
   * @throws ConfigurationException if the overridden values make an invalid device; the message
   *     names the file and the overrides
   */
  @Override
  public final HardwareModel create(PluginContext context) {
    Map<String, String> given = context.parameters().asText();
    Map<ModelKey, Setting> settings = new EnumMap<>(ModelKey.class);
    List<String> overrides = new ArrayList<>();
    file.settings().forEach((key, setting) -> {
      String text = given.getOrDefault(key.id(), setting.text()).trim();
      if (text.equals(setting.text())) {
        settings.put(key, setting);
      } else {
        settings.put(key, new Setting(text, id + " override"));
        overrides.add(key.id() + "=" + text);
      }
    });
    String source = overrides.isEmpty()
        ? file.source()
        : file.source() + " with overrides " + String.join(", ", overrides);
    return ModelBuilder.build(source, settings, context.random().nextLong());
  }
}
