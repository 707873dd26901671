package org.preemptlab.policies.drm;

import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

/**
 * Provides {@code drm-rr}: the DRM scheduler of kernels up to 7.1 with {@code
 * drm_sched.sched_policy=0} (round robin): strict priority run queues, entities served in turn
 * within a run queue, the turn kept on {@code -ENOSPC}. No parameters.
 */
public final class DrmRoundRobinPolicyProvider implements SchedulingPolicyProvider {

  /** Creates the provider; ServiceLoader calls this. */
  public DrmRoundRobinPolicyProvider() {}

  @Override
  public String id() {
    return "drm-rr";
  }

  @Override
  public String description() {
    return "Linux DRM scheduler <= 7.1, round robin: strict KERNEL>HIGH>NORMAL>LOW run queues,"
        + " entities in turn, the turn kept when credits are short.";
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return DrmClassicPolicy.roundRobin();
  }
}
