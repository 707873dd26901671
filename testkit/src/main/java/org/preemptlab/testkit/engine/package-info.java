/**
 * Runs a plugin in the real engine on a small workload, in a few lines, and asserts on what
 * happened, after JUnit's {@code EngineTestKit}:
 *
 * <pre>{@code
 * Workload workload = TestWorkload.create()
 *     .queue(TestQueues.queue("train"))
 *     .queue(TestQueues.queue("video", Priority.HIGH))
 *     .job("train", 0, TestWorkload.kernel(1, 2048, 10_000))
 *     .job("video", 1_000, TestWorkload.kernel(1, 2048, 100))
 *     .build();
 * PluginTestKit.policy(MyPolicy::new).on(workload).creditLimit(1).run()
 *     .assertThat().allJobsFinished().dispatchedInOrder(1, 2)
 *     .job(2).waitedAtMost(12_000);
 * }</pre>
 *
 * <p>The harness uses only the engine's public API (the simulator's constructor and {@code run},
 * its plugin and option records, its result records and its listener) and hands the policy to the
 * engine unwrapped, so it keeps working as the engine's internals change and as the policy SPI
 * gains default methods.
 */
package org.preemptlab.testkit.engine;
