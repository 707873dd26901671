package org.preemptlab.hardware;

import static com.google.common.base.Preconditions.checkState;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.PluginProviderBase;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.HardwareModelProvider;

/**
 * A hardware model defined by a parameter file bundled in this package and named in its index
 * ({@link BundledModels}). Its id is the file's name without {@code .yaml}, its description the
 * file's {@code description}. Every key of the file is a parameter whose default is the file's
 * value, so {@code preemptlab list} shows the model and a user can override any value (for example
 * {@code hardware.time-slice=1ms}); overridden values are checked exactly as file values are.
 *
 * @since 0.1
 */
public final class BundledModelProvider extends PluginProviderBase<HardwareModel>
    implements HardwareModelProvider {
  private final ModelFile file;
  /** The file's values, parsed once: a run without overrides builds its model from them. */
  private final ModelBuilder fileValues;

  /**
   * Loads and checks a bundled file, so that a broken file fails discovery naming file:line.
   *
   * @param resource the file's name in this package, e.g. {@code "h200.yaml"}
   * @throws IllegalStateException if the file is missing or has no description
   */
  BundledModelProvider(String resource) {
    this(resource, ModelFile.resource(resource));
  }

  private BundledModelProvider(String resource, ModelFile file) {
    super(resource.replaceFirst("\\.yaml$", ""), described(file), checkedParameters(file));
    this.file = file;
    this.fileValues = ModelBuilder.parsed(file.source(), file.settings());
  }

  private static String described(ModelFile file) {
    checkState(!file.description().isEmpty(), "bundled hardware model '%s' has no description "
        + "line", file.source());
    return file.description();
  }

  /** Checks that the file builds a model; one parameter per key, defaulting to the file's value. */
  private static List<ParameterSpec> checkedParameters(ModelFile file) {
    ModelBuilder.build(file.source(), file.settings(), 0);
    List<ParameterSpec> specs = new ArrayList<>();
    file.settings().forEach((key, setting) -> specs.add(key.parameter(setting.text())));
    return specs;
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
        settings.put(key, new Setting(text, id() + " override"));
        overrides.add(key.id() + "=" + text);
      }
    });
    if (overrides.isEmpty()) {
      return fileValues.model(context.random().nextLong());
    }
    String source = file.source() + " with overrides " + String.join(", ", overrides);
    return ModelBuilder.build(source, settings, context.random().nextLong());
  }
}
