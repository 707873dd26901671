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
        + "weight / total weight; the others are suspended. mode=process: XSched PUP.", List.of(
            ParameterSpec.duration("window", 5_000_000L, 100_000L, 10_000_000_000L,
                "The partition window (XSched's default time slice: 5 ms; min 0.1 ms)."),
            ParameterSpec.integer("level", 2, 1, 3, "",
                "XSched preemption level of the suspension: 1 stop launching, 2 also hold "
                    + "blocks not started, 3 also interrupt running blocks."),
            ParameterSpec.choice("mode", "queue", List.of("queue", "process"),
                "queue: XSched's UP (up.cpp), queues take turns of window x weight / total "
                    + "weight. process: XSched's PUP (pup.cpp), contexts take turns of window x "
                    + "contexts x weight / total weight and keep what they leave of a turn.")));
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    long window = context.parameters().getDurationNs("window");
    SuspendLevel level = SuspendLevel.ofNumber(context.parameters().getInt("level"));
    return context.parameters().getString("mode").equals("process")
        ? new ProcessUtilizationPartitionPolicy(window, level)
        : new UtilizationPartitionPolicy(window, level);
  }
}
