package org.preemptlab.policies.baseline;

import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

/** Provides {@link FifoPolicy} under the id {@code fifo}; it has no parameters. */
public final class FifoPolicyProvider implements SchedulingPolicyProvider {

  /** Creates the provider; ServiceLoader calls this. */
  public FifoPolicyProvider() {}

  @Override
  public String id() {
    return "fifo";
  }

  @Override
  public String description() {
    return "Dispatches ready jobs in submit-time order, ties in ready order; non-preemptive.";
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new FifoPolicy();
  }
}
