package org.preemptlab.plugins.preemption.hybrid;

import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.PluginProviderBase;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.PreemptionStrategyProvider;
import org.preemptlab.plugins.preemption.shared.KernelFallback;

/**
 * Provides the {@code hybrid} preemption strategy ({@link HybridStrategy}). Parameters: {@code
 * grace} and {@code fallback}. Refuses {@code fallback=instruction-level} on a device without
 * instruction-level preemption.
 */
public final class HybridStrategyProvider extends PluginProviderBase<PreemptionPointStrategy>
    implements PreemptionStrategyProvider {
  /** The plugin id. */
  public static final String ID = "hybrid";
  /** How long to wait for a yield point before escalating. */
  public static final String GRACE = "grace";
  /** The kernel-level fallback. */
  public static final String FALLBACK = "fallback";
  /** Default grace: Tally's default bound on preemption latency, 0.1 ms. */
  public static final long DEFAULT_GRACE_NS = 100_000;

  private static final List<ParameterSpec> PARAMETERS = List.of(
      ParameterSpec.duration(GRACE, DEFAULT_GRACE_NS, 0, 10_000_000_000L,
          "how long a yielding block may take to reach a yield point before the kernel-level"
          + " fallback takes over (default: Tally's 0.1 ms preemption-latency bound)"),
      ParameterSpec.choice(FALLBACK, KernelFallback.INSTRUCTION_LEVEL.id(),
          HybridStrategy.fallbacks().stream().map(KernelFallback::id).toList(),
          "kernel-level preemption for contexts that do not yield and after the grace period"));

  /** Creates the provider; called by {@link java.util.ServiceLoader}. */
  public HybridStrategyProvider() {
    super(ID,
        "User-level yield where handled, else (or after a grace period) kernel-level fallback.",
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
    Parameters p = context.parameters();
    KernelFallback fallback = KernelFallback.of(p.getString(FALLBACK), HybridStrategy.fallbacks());
    fallback.checkDevice(ID, context.device());
    return new HybridStrategy(p.getDurationNs(GRACE), fallback);
  }
}
