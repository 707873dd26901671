package org.preemptlab.policies.deadline;

import java.util.List;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.PolicyProviderBase;

/** Provides {@link LaxityPolicy} as {@code laxity}; parameter {@code preempt} (default false). */
public final class LaxityPolicyProvider extends PolicyProviderBase {

  /** Creates the provider; ServiceLoader calls this. */
  public LaxityPolicyProvider() {
    super("laxity", "Least laxity first (Mok 1983; XSched LAX): deadline minus estimated "
        + "remaining time ranks launch and SM placement.", List.of(preemptParameter(false)));
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new LaxityPolicy(context.device(), context.parameters().getBoolean("preempt"));
  }
}
