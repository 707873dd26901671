package org.preemptlab.plugins.preemption.blockboundary;

import org.preemptlab.api.PluginContext;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.PreemptionStrategyProvider;

/** Provides the {@code block-boundary} preemption strategy ({@link BlockBoundaryStrategy}). */
public final class BlockBoundaryStrategyProvider implements PreemptionStrategyProvider {
  /** The plugin id. */
  public static final String ID = "block-boundary";

  /** Creates the provider; called by {@link java.util.ServiceLoader}. */
  public BlockBoundaryStrategyProvider() {}

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "Every resident block drains to its end; no save, no lost work.";
  }

  @Override
  public PreemptionPointStrategy create(PluginContext context) {
    return new BlockBoundaryStrategy();
  }
}
