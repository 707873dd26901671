package org.preemptlab.policies.deadline;

import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.PolicyProviderBase;

/** Provides {@link KEdfPolicy} as {@code k-edf}; parameter {@code k} (default 16, XSched's). */
public final class KEdfPolicyProvider extends PolicyProviderBase {

  /** Creates the provider; ServiceLoader calls this. */
  public KEdfPolicyProvider() {
    super("k-edf", "XSched K-EDF: only the K earliest-deadline jobs are active; the hardware "
        + "shares the SMs among them.", List.of(ParameterSpec.integer("k", 16, 1, 1_000_000, "",
            "How many jobs may be active at once (XSched's Triton case study uses 16).")));
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new KEdfPolicy(context.parameters().getInt("k"));
  }
}
