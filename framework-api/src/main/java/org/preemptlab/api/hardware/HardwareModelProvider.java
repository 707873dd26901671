package org.preemptlab.api.hardware;

import org.preemptlab.api.API;
import org.preemptlab.api.PluginProvider;

/**
 * Finds and creates {@link HardwareModel}s. Registered in {@code
 * META-INF/services/org.preemptlab.api.hardware.HardwareModelProvider}. The {@code device} of the
 * {@link org.preemptlab.api.PluginContext} it receives is {@code null}.
 *
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface HardwareModelProvider extends PluginProvider<HardwareModel> {}
