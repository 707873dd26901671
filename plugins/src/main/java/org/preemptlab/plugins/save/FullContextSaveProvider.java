package org.preemptlab.plugins.save;

import org.preemptlab.api.PluginContext;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.ContextSaveStrategyProvider;

/** Provides the {@code full} context-save strategy ({@link FullContextSave}). */
public final class FullContextSaveProvider implements ContextSaveStrategyProvider {
  /** The plugin id. */
  public static final String ID = "full";

  /** Creates the provider; called by {@link java.util.ServiceLoader}. */
  public FullContextSaveProvider() {}

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "Saves the block's whole register and shared-memory allocation.";
  }

  @Override
  public ContextSaveStrategy create(PluginContext context) {
    return new FullContextSave();
  }
}
