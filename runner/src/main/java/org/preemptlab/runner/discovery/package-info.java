/**
 * Plugin discovery: finds the providers of every {@link org.preemptlab.api.PluginKind} with {@link
 * java.util.ServiceLoader} (on the class path and in an optional {@code --plugin-path} directory of
 * jars), validates them as DESIGN §2 and JUnit's launcher do, and creates plugin instances for runs.
 *
 * <p>{@link org.preemptlab.runner.discovery.PluginRegistry} is the entry point; {@link
 * org.preemptlab.runner.discovery.PluginType} gives typed access to each kind; {@link
 * org.preemptlab.runner.discovery.PluginListing} renders {@code preemptlab list}.
 */
package org.preemptlab.runner.discovery;
