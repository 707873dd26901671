package org.preemptlab.api.application;

import org.preemptlab.api.API;
import org.preemptlab.api.PluginProvider;

/**
 * Finds and creates {@link Application}s. Registered in {@code
 * META-INF/services/org.preemptlab.api.application.ApplicationProvider}. The {@link
 * org.preemptlab.api.PluginContext} carries the run's device (to size kernels) and the
 * application's own random stream.
 *
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface ApplicationProvider extends PluginProvider<Application> {}
