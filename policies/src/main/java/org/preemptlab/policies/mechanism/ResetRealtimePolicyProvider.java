package org.preemptlab.policies.mechanism;

import java.util.Arrays;
import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.PolicyProviderBase;

/** Provides {@link ResetRealtimePolicy} as {@code reset-realtime}; parameter {@code realtime}. */
public final class ResetRealtimePolicyProvider extends PolicyProviderBase {

  /** Creates the provider; ServiceLoader calls this. */
  public ResetRealtimePolicyProvider() {
    super("reset-realtime", "REEF: real-time queues first; a blocked real-time job resets "
        + "(kills, to re-run) idempotent best-effort kernels; run with --preemption flush.",
        List.of(ParameterSpec.choice("realtime", Priority.HIGH.name(),
            Arrays.stream(Priority.values()).map(Priority::name).toList(),
            "The lowest queue priority that counts as real-time; lower queues are best effort.")));
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new ResetRealtimePolicy(Priority.valueOf(context.parameters().getString("realtime")));
  }
}
