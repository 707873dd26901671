package org.preemptlab.api.workload;

import org.preemptlab.api.API;
import org.preemptlab.api.PluginProvider;

/**
 * Finds and creates {@link WorkloadGenerator}s. Registered in {@code
 * META-INF/services/org.preemptlab.api.workload.WorkloadProvider}. The {@link
 * org.preemptlab.api.PluginContext} carries the run's device, so a generator can size kernels to it.
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface WorkloadProvider extends PluginProvider<WorkloadGenerator> {}
