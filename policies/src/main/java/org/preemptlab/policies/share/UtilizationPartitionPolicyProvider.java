package org.preemptlab.policies.share;

import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.PolicyProviderBase;

/** Provides {@link UtilizationPartitionPolicy} as {@code utilization-partition}. */
public final class UtilizationPartitionPolicyProvider extends PolicyProviderBase {

  /** Creates the provider; ServiceLoader calls this. */
  public UtilizationPartitionPolicyProvider() {
    super("utilization-partition", "XSched UP: queues own the device in turn for window x "
        + "weight / total weight; the others are suspended.", List.of(
            ParameterSpec.duration("window", 5_000_000L, 100_000L, 10_000_000_000L,
                "The partition window (XSched's default time slice: 5 ms; min 0.1 ms)."),
            ParameterSpec.integer("level", 2, 1, 3, "",
                "XSched preemption level of the suspension: 1 stop launching, 2 also hold "
                    + "blocks not started, 3 also interrupt running blocks.")));
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new UtilizationPartitionPolicy(context.parameters().getDurationNs("window"),
        SuspendLevel.ofNumber(context.parameters().getInt("level")));
  }
}
