package ${package};

import org.junit.jupiter.api.Test;
import org.preemptlab.testkit.TestQueues;
import org.preemptlab.testkit.engine.PluginTestKit;
import org.preemptlab.testkit.engine.RunOutcome;
import org.preemptlab.testkit.engine.TestWorkload;

/** The policy in the real engine: one SM, every cost zero. */
class ${policyClass}EngineTest {

  @Test
  void aLaterJobWithANearerDeadlineRunsFirst() {
    RunOutcome outcome = PluginTestKit.policy(${policyClass}::new)
        .on(TestWorkload.create().queue(TestQueues.queue("a")).queue(TestQueues.queue("b"))
            .queue(TestQueues.queue("c"))
            .job("a", 0, TestWorkload.kernel(1, 2048, 10_000))
            .job("b", 1_000, TestWorkload.kernel(1, 2048, 1_000), 50_000)
            .job("c", 2_000, TestWorkload.kernel(1, 2048, 1_000), 13_000))
        .creditLimit(1)
        .run();

    outcome.assertThat().allJobsFinished().dispatchedInOrder(1, 3, 2);
    outcome.assertThat().job(3).startedAt(10_000).metItsDeadline();
  }

  @Test
  void underTheDefaultsTheNearestDeadlineTakesTheNextFreeSlot() {
    // Every ready job is launched at once (no credit limit): only the placement order decides
    // that job 2 takes the SM when job 1's first block ends, not job 1's next block.
    RunOutcome outcome = PluginTestKit.policy(${policyClass}::new)
        .on(TestWorkload.create().queue(TestQueues.queue("a")).queue(TestQueues.queue("b"))
            .job("a", 0, TestWorkload.kernel(4, 2048, 10_000))
            .job("b", 1_000, TestWorkload.kernel(1, 2048, 1_000), 15_000))
        .run();

    outcome.assertThat().allJobsFinished();
    outcome.assertThat().job(2).startedAt(10_000).metItsDeadline();
  }
}
