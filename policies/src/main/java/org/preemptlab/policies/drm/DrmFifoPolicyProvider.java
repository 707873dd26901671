package org.preemptlab.policies.drm;

import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

/**
 * Provides {@code drm-fifo}: the DRM scheduler of kernels up to 7.1 with {@code
 * drm_sched.sched_policy=1} (FIFO, the default since about v6.2): strict priority run queues, the
 * entity with the oldest head job first. No parameters.
 */
public final class DrmFifoPolicyProvider implements SchedulingPolicyProvider {

  /** Creates the provider; ServiceLoader calls this. */
  public DrmFifoPolicyProvider() {}

  @Override
  public String id() {
    return "drm-fifo";
  }

  @Override
  public String description() {
    return "Linux DRM scheduler <= 7.1, FIFO: strict KERNEL>HIGH>NORMAL>LOW run queues, oldest"
        + " head job first, a ready entity short of credits blocks the rest.";
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return DrmClassicPolicy.fifo();
  }
}
