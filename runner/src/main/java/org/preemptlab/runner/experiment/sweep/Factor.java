package org.preemptlab.runner.experiment.sweep;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.List;
import java.util.Map;
import org.preemptlab.runner.experiment.Overrides;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.WorkloadConfig;

/**
 * One varied key of a sweep and its values, in the order written. The key is a plugin section
 * ({@code policy}, {@code preemption}, {@code context-save}, {@code hardware}, {@code workload})
 * or a {@code --set} key ({@code hardware.time-slice}, {@code engine.credit-limit}, ...), or
 * {@code sharing}, whose values are whole {@code sharing} sections.
 *
 * @param key the varied key
 * @param levels its values, at least one, with distinct labels
 */
public record Factor(String key, List<Level> levels) {

  /** Copies the levels and checks that their labels are distinct. */
  public Factor {
    levels = List.copyOf(levels);
    checkArgument(!levels.isEmpty(), "%s: needs at least one value", key);
    List<String> labels = levels.stream().map(Level::label).toList();
    checkArgument(labels.stream().distinct().count() == labels.size(),
        "%s: values must be distinct, got %s", key, labels);
  }

  /** Whether the key chooses a plugin rather than setting one value. */
  public boolean choosesPlugin() {
    return Overrides.PLUGIN_SECTIONS.contains(key);
  }

  /** The labels of the values, in order. */
  public List<String> labels() {
    return levels.stream().map(Level::label).toList();
  }

  /**
   * {@code config} with this key set to {@code level}: a bare plugin id replaces the plugin as
   * {@code --policy ID} does (keeping the base's parameters when the id is the same), a plugin
   * written with parameters replaces it entirely, and a parameter value is applied as {@code --set
   * KEY=VALUE}.
   */
  public RunConfig apply(RunConfig config, Level level) {
    if (key.equals(SweepConfig.SHARING)) {
      return config.withSharing(level.sharing());
    }
    if (!choosesPlugin()) {
      return Overrides.set(config, key + "=" + level.label());
    }
    if (level.plugin() == null) {
      return Overrides.choose(config, key, level.label());
    }
    return switch (key) {
      case "hardware" -> config.withHardware(level.plugin());
      case "policy" -> config.withPolicy(level.plugin());
      case "preemption" -> config.withPreemption(level.plugin());
      case "context-save" -> config.withContextSave(level.plugin());
      default -> config.withWorkload(new WorkloadConfig(level.plugin().id(),
          Map.copyOf(level.plugin().parameters()), null));
    };
  }
}
