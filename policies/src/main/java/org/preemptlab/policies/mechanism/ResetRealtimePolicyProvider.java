package org.preemptlab.policies.mechanism;

import java.util.Arrays;
import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.PolicyProviderBase;

/**
 * Provides {@link ResetRealtimePolicy} as {@code reset-realtime}; parameters {@code realtime} and
 * {@code best-effort}.
 */
public final class ResetRealtimePolicyProvider extends PolicyProviderBase {

  /** Creates the provider; ServiceLoader calls this. */
  public ResetRealtimePolicyProvider() {
    super("reset-realtime", "REEF: real-time queues first; a blocked real-time job resets "
        + "(kills, to re-run) idempotent best-effort kernels; run with --preemption flush.",
        List.of(ParameterSpec.choice("realtime", Priority.HIGH.name(),
            Arrays.stream(Priority.values()).map(Priority::name).toList(),
            "The lowest queue priority that counts as real-time; lower queues are best effort."),
            ParameterSpec.choice("best-effort", "pad", List.of("pad", "hold", "wait"),
                "While real-time work is unfinished, best effort fills the SM slots it leaves"
                    + " free (pad), is suspended with its resident blocks preempted (hold:"
                    + " REEF's Reset mode), or is suspended with its resident blocks draining"
                    + " while real-time work waits for its device queues to pass (wait: REEF's"
                    + " WaitPreempt mode).")));
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new ResetRealtimePolicy(Priority.valueOf(context.parameters().getString("realtime")),
        ResetRealtimePolicy.BestEffort.valueOf(
            context.parameters().getString("best-effort").toUpperCase(java.util.Locale.ROOT)));
  }
}
