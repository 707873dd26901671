package org.preemptlab.policies.mechanism;

import java.util.Arrays;
import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.PolicyProviderBase;

/** Provides {@link TimesliceYieldPolicy} as {@code timeslice-yield}. */
public final class TimesliceYieldPolicyProvider extends PolicyProviderBase {

  /** Creates the provider; ServiceLoader calls this. */
  public TimesliceYieldPolicyProvider() {
    super("timeslice-yield", "GPreempt: best-effort contexts get a short time slice and yield "
        + "at its end; latency-critical contexts keep the device; optional pre-preemption.",
        List.of(
            ParameterSpec.choice("latency-critical", Priority.HIGH.name(),
                Arrays.stream(Priority.values()).map(Priority::name).toList(),
                "The lowest queue priority that counts as latency-critical."),
            ParameterSpec.duration("be-slice", 200_000L, 1_000L, 10_000_000_000L,
                "A best-effort context's time slice (GPreempt: e.g. 200 us)."),
            ParameterSpec.duration("lc-slice", 1_000_000_000L, 1_000L, 10_000_000_000L,
                "A latency-critical context's time slice (GPreempt: effectively unlimited)."),
            ParameterSpec.bool("pre-preemption", false, "GPreempt's hint: a latency-critical "
                + "submission suspends best-effort queues at level 3 at once.")));
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    Parameters p = context.parameters();
    return new TimesliceYieldPolicy(Priority.valueOf(p.getString("latency-critical")),
        p.getDurationNs("be-slice"), p.getDurationNs("lc-slice"), p.getBoolean("pre-preemption"));
  }
}
