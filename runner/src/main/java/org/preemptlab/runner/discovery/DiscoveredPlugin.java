package org.preemptlab.runner.discovery;

import org.preemptlab.api.PluginProvider;

/** A provider that loaded and validated, with its descriptor. */
record DiscoveredPlugin(PluginProvider<?> provider, PluginDescriptor descriptor) {}
