/**
 * Conformance suites, one per plugin kind: a plugin's test extends the suite of its kind with one
 * line, naming its provider, and inherits every check of the kind's contract.
 *
 * <pre>{@code
 * class EdfPolicyConformanceTest extends PolicyConformance<EdfPolicyProvider> {}
 * class MyStrategyConformanceTest extends PreemptionStrategyConformance<MyStrategyProvider> {}
 * class MySaveConformanceTest extends ContextSaveConformance<MySaveProvider> {}
 * class MyDeviceConformanceTest extends HardwareModelConformance<MyDeviceProvider> {}
 * }</pre>
 *
 * <p>The suite creates the plugin through its provider (which ServiceLoader already requires to
 * have a public no-argument constructor) with each of {@code parameterSets()}, by default only the
 * declared defaults; override that method to cover more. Every check draws from a fixed seed, so a
 * failure names a case that fails again.
 */
package org.preemptlab.testkit.conformance;
