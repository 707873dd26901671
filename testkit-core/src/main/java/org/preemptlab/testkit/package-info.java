/**
 * What a plugin's unit tests build on instead of hand-written fakes: {@link
 * org.preemptlab.testkit.TestQueues queues}, {@link org.preemptlab.testkit.TestJob job views},
 * a {@link org.preemptlab.testkit.TestScheduler scheduler view} that drives a policy as the engine
 * does, {@link org.preemptlab.testkit.TestDevices devices}, {@link org.preemptlab.testkit.Blocks
 * block programs and snapshots}, {@link org.preemptlab.testkit.TestPlugins plugin contexts}, and
 * seeded {@link org.preemptlab.testkit.RandomBlocks random blocks} with the {@link
 * org.preemptlab.testkit.DecisionChecker checker} of the preemption-strategy contract.
 *
 * <p>The conformance suites are in {@link org.preemptlab.testkit.conformance}; doubles of the
 * bundled plugins a test needs only as "some policy, strategy or save" are in {@link
 * org.preemptlab.testkit.doubles}; the harness that runs a plugin in the real engine is in the
 * {@code testkit} artifact.
 */
package org.preemptlab.testkit;
