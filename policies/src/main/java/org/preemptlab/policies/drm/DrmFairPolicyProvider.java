package org.preemptlab.policies.drm;

import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

/**
 * Provides {@code drm-fair}: the fair DRM scheduler of Linux 7.2, vruntime per entity with the
 * per-priority shifts {KERNEL 1, HIGH 2, NORMAL 4, LOW 7}. No parameters.
 */
public final class DrmFairPolicyProvider implements SchedulingPolicyProvider {

  /** Creates the provider; ServiceLoader calls this. */
  public DrmFairPolicyProvider() {}

  @Override
  public String id() {
    return "drm-fair";
  }

  @Override
  public String description() {
    return "Linux DRM scheduler 7.2, fair: smallest vruntime first, GPU time charged at free and"
        + " shifted by priority (KERNEL 1, HIGH 2, NORMAL 4, LOW 7).";
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new DrmFairPolicy();
  }
}
