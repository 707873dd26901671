package org.preemptlab.plugins.save;

import org.preemptlab.api.PluginContext;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.ContextSaveStrategyProvider;

/** Provides the {@code none} context-save strategy ({@link NoContextSave}). */
public final class NoContextSaveProvider implements ContextSaveStrategyProvider {
  /** The plugin id. */
  public static final String ID = "none";

  /** Creates the provider; called by {@link java.util.ServiceLoader}. */
  public NoContextSaveProvider() {}

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "Saves and restores nothing, for strategies that never save (drain, flush).";
  }

  @Override
  public ContextSaveStrategy create(PluginContext context) {
    return new NoContextSave();
  }
}
