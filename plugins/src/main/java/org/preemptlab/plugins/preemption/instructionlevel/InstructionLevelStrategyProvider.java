package org.preemptlab.plugins.preemption.instructionlevel;

import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.PluginProviderBase;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.PreemptionStrategyProvider;

/**
 * Provides the {@code instruction-level} preemption strategy ({@link InstructionLevelStrategy}).
 * Parameters: {@code checks} (where the preemption checks come from) and {@code interval}
 * (instructions between checks for {@code checks=every-n}). Refuses {@code checks=hardware} on a
 * device without instruction-level preemption.
 */
public final class InstructionLevelStrategyProvider extends PluginProviderBase<PreemptionPointStrategy>
    implements PreemptionStrategyProvider {
  /** The plugin id. */
  public static final String ID = "instruction-level";
  /** The parameter naming the check placement. */
  public static final String CHECKS = "checks";
  /** The parameter giving the instructions between checks for {@code every-n}. */
  public static final String INTERVAL = "interval";

  private static final List<ParameterSpec> PARAMETERS = List.of(
      ParameterSpec.choice(CHECKS, CheckPlacement.HARDWARE.id(), CheckPlacement.ids(),
          "hardware = native instruction-level preemption, no overhead, needs device support;"
          + " every-instruction, after-global-memory, every-n = compiler-inserted checks costing"
          + " the device's preemption-check-cycles each, on any device"),
      ParameterSpec.integer(INTERVAL, 1000, 1, 1_000_000_000L, "instructions",
          "instructions between two checks with checks=every-n, counted across the program"));

  /** Creates the provider; called by {@link java.util.ServiceLoader}. */
  public InstructionLevelStrategyProvider() {
    super(ID,
        "Blocks stop at the next safe instruction (hardware) or compiled-in check, and save.",
        PARAMETERS);
  }

  /**
   * {@inheritDoc}
   *
   * @throws org.preemptlab.api.ConfigurationException if {@code checks=hardware} and the device
   *     lacks instruction-level preemption
   */
  @Override
  public PreemptionPointStrategy create(PluginContext context) {
    Parameters parameters = context.parameters();
    return InstructionLevelStrategy.forDevice(context.device(),
        CheckPlacement.of(parameters.getString(CHECKS)), parameters.getLong(INTERVAL));
  }
}
