package org.preemptlab.policies.latency;

import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.PolicyProviderBase;

/** Provides {@link HpfPolicy} as {@code hpf}; parameter {@code level} (default 2). */
public final class HpfPolicyProvider extends PolicyProviderBase {

  /** Creates the provider; ServiceLoader calls this. */
  public HpfPolicyProvider() {
    super("hpf", "XSched highest priority first: lower-priority queues are suspended while a "
        + "higher one has work.", List.of(ParameterSpec.integer("level", 2, 1, 3, "",
            "XSched preemption level of the suspension: 1 stop launching, 2 also hold blocks not "
                + "started, 3 also interrupt running blocks.")));
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new HpfPolicy(SuspendLevel.ofNumber(context.parameters().getInt("level")));
  }
}
