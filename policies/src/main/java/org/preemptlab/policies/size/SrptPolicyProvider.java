package org.preemptlab.policies.size;

import java.util.List;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.PolicyProviderBase;

/** Provides {@link SrptPolicy} as {@code srpt}; parameter {@code preempt} (default false). */
public final class SrptPolicyProvider extends PolicyProviderBase {

  /** Creates the provider; ServiceLoader calls this. */
  public SrptPolicyProvider() {
    super("srpt", "Shortest remaining processing time (Schrage 1968): remaining blocks x nominal "
        + "block time ranks launch and SM placement.", List.of(preemptParameter(false)));
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new SrptPolicy(context.parameters().getBoolean("preempt"));
  }
}
