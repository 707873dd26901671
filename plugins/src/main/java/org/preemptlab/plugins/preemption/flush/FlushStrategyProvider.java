package org.preemptlab.plugins.preemption.flush;

import java.util.Arrays;
import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.PluginProviderBase;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.PreemptionStrategyProvider;
import org.preemptlab.plugins.preemption.shared.KernelFallback;

/**
 * Provides the {@code flush} preemption strategy ({@link FlushStrategy}). Parameter: {@code
 * fallback} for non-idempotent kernels. Refuses {@code fallback=instruction-level} on a device
 * without instruction-level preemption.
 */
public final class FlushStrategyProvider extends PluginProviderBase<PreemptionPointStrategy>
    implements PreemptionStrategyProvider {
  /** The plugin id. */
  public static final String ID = "flush";
  /** What to do with non-idempotent kernels. */
  public static final String FALLBACK = "fallback";

  private static final List<ParameterSpec> PARAMETERS = List.of(
      ParameterSpec.choice(FALLBACK, KernelFallback.NONE.id(),
          Arrays.stream(KernelFallback.values()).map(KernelFallback::id).toList(),
          "for blocks of non-idempotent kernels: none = fail the run, block-boundary = drain,"
          + " instruction-level = stop at the next safe stop and save"));

  /** Creates the provider; called by {@link java.util.ServiceLoader}. */
  public FlushStrategyProvider() {
    super(ID,
        "Discards the progress of idempotent blocks and re-runs them later (reset, REEF).",
        PARAMETERS);
  }

  /**
   * {@inheritDoc}
   *
   * @throws org.preemptlab.api.ConfigurationException if the fallback is instruction-level and
   *     the device lacks it
   */
  @Override
  public PreemptionPointStrategy create(PluginContext context) {
    KernelFallback fallback = KernelFallback.of(context.parameters().getString(FALLBACK),
        Arrays.asList(KernelFallback.values()));
    fallback.checkDevice(ID, context.device());
    return new FlushStrategy(fallback);
  }
}
