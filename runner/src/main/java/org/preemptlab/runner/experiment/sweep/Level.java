package org.preemptlab.runner.experiment.sweep;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Objects;
import org.preemptlab.runner.experiment.PluginChoice;
import org.preemptlab.runner.experiment.sharing.SharingConfig;

/**
 * One value of a varied key.
 *
 * @param label the value as reports show it: a plugin id, {@code id(k=v, ...)} for a plugin given
 *     with parameters, or a parameter value such as {@code 1ms}
 * @param plugin the plugin with its parameters when the value was written as a mapping ({@code
 *     {id: priority, parameters: {preempt: true}}}), otherwise null
 * @param sharing for the key {@code sharing}, the section the value stands for (null for {@code
 *     none}: no sharing section); otherwise null
 */
public record Level(String label, PluginChoice plugin, SharingConfig sharing) {

  /** Checks the label. */
  public Level {
    Objects.requireNonNull(label, "label");
    checkArgument(!label.isBlank(), "a value must not be empty");
  }

  /** A value written as a scalar: a plugin id or a parameter value. */
  public static Level of(String label) {
    return new Level(label, null, null);
  }

  /** A plugin written as a mapping with its parameters. */
  public static Level of(PluginChoice plugin) {
    return new Level(plugin.toString(), plugin, null);
  }

  /** A {@code sharing} section, labelled by its name or mode; null for none. */
  public static Level of(SharingConfig sharing) {
    return new Level(sharing == null ? "none" : sharing.label(), null, sharing);
  }
}
