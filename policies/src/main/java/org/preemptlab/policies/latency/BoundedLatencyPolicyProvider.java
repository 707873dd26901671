package org.preemptlab.policies.latency;

import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.PolicyProviderBase;

/** Provides {@link BoundedLatencyPolicy} as {@code bounded-latency}. */
public final class BoundedLatencyPolicyProvider extends PolicyProviderBase {

  /** Creates the provider; ServiceLoader calls this. */
  public BoundedLatencyPolicyProvider() {
    super("bounded-latency", "Tally-style: high-priority jobs first; best-effort blocks that "
        + "would hold an SM longer than the bound are preempted.", List.of(
            ParameterSpec.duration("bound", 100_000L, 0, 10_000_000_000L,
                "Longest a high-priority job should wait for a best-effort block (Tally: 0.1 ms)."),
            ParameterSpec.choice("high", "high", List.of("kernel", "high", "normal", "low"),
                "The lowest queue priority that counts as high-priority."),
            ParameterSpec.bool("space-share", true,
                "Whether best-effort blocks may run beside high-priority work; false: best-effort"
                + " queues are held, and their blocks longer than the bound preempted, while"
                + " high-priority work exists (as Tally's published results run).")));
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new BoundedLatencyPolicy(context.parameters().getDurationNs("bound"),
        Priority.valueOf(
            context.parameters().getString("high").toUpperCase(java.util.Locale.ROOT)),
        context.parameters().getBoolean("space-share"));
  }
}
