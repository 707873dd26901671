package org.preemptlab.policies.share;

import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.PolicyProviderBase;

/** Provides {@link MlfqPolicy} as {@code mlfq}; defaults from XSched's MLFQ. */
public final class MlfqPolicyProvider extends PolicyProviderBase {

  /** Creates the provider; ServiceLoader calls this. */
  public MlfqPolicyProvider() {
    super("mlfq", "Multi-level feedback queue over queues: demotion on used GPU time, periodic "
        + "boost (Corbató 1962; defaults from XSched's MLFQ).", List.of(
            ParameterSpec.integer("levels", 4, 1, 64, "", "Number of levels (XSched: 4)."),
            ParameterSpec.duration("quantum", 10_000_000L, 1, 3_600_000_000_000L,
                "SM time (summed over blocks) a queue may use at level 0; doubles per level "
                    + "(XSched: 10 ms of one XPU's wall time)."),
            ParameterSpec.duration("boost", 100_000_000L, 1, 3_600_000_000_000L,
                "Period after which every queue returns to level 0 (XSched's recovery: 100 ms).")));
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new MlfqPolicy(context.parameters().getInt("levels"),
        context.parameters().getDurationNs("quantum"), context.parameters().getDurationNs("boost"));
  }
}
