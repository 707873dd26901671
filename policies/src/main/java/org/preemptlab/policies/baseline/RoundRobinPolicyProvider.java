package org.preemptlab.policies.baseline;

import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

/** Provides {@link RoundRobinPolicy} under the id {@code round-robin}; it has no parameters. */
public final class RoundRobinPolicyProvider implements SchedulingPolicyProvider {

  /** Creates the provider; ServiceLoader calls this. */
  public RoundRobinPolicyProvider() {}

  @Override
  public String id() {
    return "round-robin";
  }

  @Override
  public String description() {
    return "Queues take turns dispatching their ready jobs, as DRM's RR run queue; "
        + "non-preemptive.";
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new RoundRobinPolicy();
  }
}
