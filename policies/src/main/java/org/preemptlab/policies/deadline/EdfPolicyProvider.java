package org.preemptlab.policies.deadline;

import java.util.List;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.PolicyProviderBase;

/** Provides {@link EdfPolicy} as {@code edf}; parameter {@code preempt} (default false). */
public final class EdfPolicyProvider extends PolicyProviderBase {

  /** Creates the provider; ServiceLoader calls this. */
  public EdfPolicyProvider() {
    super("edf", "Earliest deadline first for launch and SM placement (Liu and Layland 1973); "
        + "optionally preemptive.", List.of(preemptParameter(false)));
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new EdfPolicy(context.parameters().getBoolean("preempt"));
  }
}
