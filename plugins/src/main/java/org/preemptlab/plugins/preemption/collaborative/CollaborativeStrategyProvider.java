package org.preemptlab.plugins.preemption.collaborative;

import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.PluginProviderBase;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.PreemptionStrategyProvider;

/**
 * Provides the {@code collaborative} preemption strategy ({@link CollaborativeStrategy}).
 * Parameter: {@code latency-target}.
 */
public final class CollaborativeStrategyProvider extends PluginProviderBase<PreemptionPointStrategy>
    implements PreemptionStrategyProvider {
  /** The plugin id. */
  public static final String ID = "collaborative";
  /** The time within which each SM should be free. */
  public static final String LATENCY_TARGET = "latency-target";
  /** Default latency target: the 15 µs limit of the Chimera abstract. */
  public static final long DEFAULT_LATENCY_TARGET_NS = 15_000;

  private static final List<ParameterSpec> PARAMETERS = List.of(
      ParameterSpec.duration(LATENCY_TARGET, DEFAULT_LATENCY_TARGET_NS, 0, 10_000_000_000L,
          "per SM, the cheapest of drain, save and flush that frees the SM within this time"
          + " wins, else the fastest (default: Chimera's 15 us limit)"));

  /** Creates the provider; called by {@link java.util.ServiceLoader}. */
  public CollaborativeStrategyProvider() {
    super(ID,
        "Per SM, the cheapest of drain, save and flush that meets a latency target (Chimera).",
        PARAMETERS);
  }

  @Override
  public PreemptionPointStrategy create(PluginContext context) {
    return new CollaborativeStrategy(context.parameters().getDurationNs(LATENCY_TARGET),
        context.hardware());
  }
}
