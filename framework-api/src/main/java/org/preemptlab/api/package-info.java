/**
 * The PreemptLab plugin API: the plugin kinds, their {@link org.preemptlab.api.PluginProvider
 * providers} found with {@link java.util.ServiceLoader}, typed plugin {@link
 * org.preemptlab.api.ParameterSpec parameters}, and the {@link
 * org.preemptlab.api.ConfigurationException} that reports a user's mistake.
 *
 * <p>Sub-packages hold the value types of the model ({@code model}), the hardware SPI ({@code
 * hardware}), the scheduling-policy SPI ({@code policy}), the preemption SPIs ({@code preemption})
 * and the workload-generator SPI ({@code workload}). This module depends on the JDK only.
 */
package org.preemptlab.api;
