package org.preemptlab.policies.share;

import java.util.List;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.PolicyProviderBase;

/** Provides {@link FairSharePolicy} as {@code fair-share}; shares are the queues' weights. */
public final class FairSharePolicyProvider extends PolicyProviderBase {

  /** Creates the provider; ServiceLoader calls this. */
  public FairSharePolicyProvider() {
    super("fair-share", "Weighted fair share (CFS-like): the queue with the least attained GPU "
        + "time per weight launches and places first; shares follow queue weights.", List.of());
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new FairSharePolicy();
  }
}
