package org.preemptlab.plugins.preemption;

import org.preemptlab.api.PluginContext;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.PreemptionStrategyProvider;

/**
 * Provides the {@code instruction-level} preemption strategy ({@link InstructionLevelStrategy});
 * refuses a device without instruction-level preemption.
 */
public final class InstructionLevelProvider implements PreemptionStrategyProvider {
  /** The plugin id. */
  public static final String ID = "instruction-level";

  /** Creates the provider; called by {@link java.util.ServiceLoader}. */
  public InstructionLevelProvider() {}

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "Blocks stop at the next safe instruction and save their context (Pascal and later).";
  }

  /**
   * {@inheritDoc}
   *
   * @throws org.preemptlab.api.ConfigurationException if the device lacks instruction-level
   *     preemption
   */
  @Override
  public PreemptionPointStrategy create(PluginContext context) {
    return InstructionLevelStrategy.forDevice(context.device());
  }
}
