package org.preemptlab.policies.size;

import java.util.List;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.PolicyProviderBase;

/** Provides {@link LasPolicy} as {@code las}; no parameters. */
public final class LasPolicyProvider extends PolicyProviderBase {

  /** Creates the provider; ServiceLoader calls this. */
  public LasPolicyProvider() {
    super("las", "Least attained service (Rai et al. 2003): the job with the least SM time so far "
        + "is launched and placed first.", List.of());
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new LasPolicy();
  }
}
