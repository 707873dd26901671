package org.preemptlab.api.preemption;

import org.preemptlab.api.API;
import org.preemptlab.api.PluginProvider;

/**
 * Finds and creates {@link ContextSaveStrategy} instances. Registered in {@code
 * META-INF/services/org.preemptlab.api.preemption.ContextSaveStrategyProvider}.
 *
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface ContextSaveStrategyProvider extends PluginProvider<ContextSaveStrategy> {}
