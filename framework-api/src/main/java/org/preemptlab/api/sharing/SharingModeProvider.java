package org.preemptlab.api.sharing;

import org.preemptlab.api.API;
import org.preemptlab.api.PluginProvider;

/**
 * Finds and creates {@link SharingMode}s. Registered in {@code
 * META-INF/services/org.preemptlab.api.sharing.SharingModeProvider}; the provider's id is what a
 * configuration writes after {@code mode:} in its {@code sharing} section, and the section's other
 * keys (but {@code name} and {@code slowdown-baseline}) are its parameters. An id may not be one
 * of the built-in modes ({@code time-slice}, {@code mps}, {@code mig}, {@code green-contexts}).
 * The {@link org.preemptlab.api.PluginContext} carries the validated parameters and the run's
 * device.
 *
 * @since 0.4
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.4")
public interface SharingModeProvider extends PluginProvider<SharingMode> {}
