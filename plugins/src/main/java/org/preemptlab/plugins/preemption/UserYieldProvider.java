package org.preemptlab.plugins.preemption;

import org.preemptlab.api.PluginContext;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.PreemptionStrategyProvider;

/** Provides the {@code user-yield} preemption strategy ({@link UserYieldStrategy}). */
public final class UserYieldProvider implements PreemptionStrategyProvider {
  /** The plugin id. */
  public static final String ID = "user-yield";

  /** Creates the provider; called by {@link java.util.ServiceLoader}. */
  public UserYieldProvider() {}

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "Blocks of yielding contexts stop at their next user yield point; others drain.";
  }

  @Override
  public PreemptionPointStrategy create(PluginContext context) {
    return new UserYieldStrategy();
  }
}
