package org.preemptlab.plugins.save;

import org.preemptlab.api.PluginContext;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.ContextSaveStrategyProvider;

/** Provides the {@code liveness} context-save strategy ({@link LivenessContextSave}). */
public final class LivenessContextSaveProvider implements ContextSaveStrategyProvider {
  /** The plugin id. */
  public static final String ID = "liveness";

  /** Creates the provider; called by {@link java.util.ServiceLoader}. */
  public LivenessContextSaveProvider() {}

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "Saves only the registers and shared memory live at the stop point.";
  }

  @Override
  public ContextSaveStrategy create(PluginContext context) {
    return new LivenessContextSave();
  }
}
