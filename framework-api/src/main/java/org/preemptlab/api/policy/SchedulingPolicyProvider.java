package org.preemptlab.api.policy;

import org.preemptlab.api.API;
import org.preemptlab.api.PluginProvider;

/**
 * Finds and creates {@link SchedulingPolicy} instances; the engine asks for one per hardware engine.
 * Registered in {@code META-INF/services/org.preemptlab.api.policy.SchedulingPolicyProvider}.
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface SchedulingPolicyProvider extends PluginProvider<SchedulingPolicy> {}
