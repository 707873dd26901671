package org.preemptlab.examples.sjf;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.Workload;
import org.preemptlab.testkit.TestQueues;
import org.preemptlab.testkit.engine.PluginTestKit;
import org.preemptlab.testkit.engine.RunOutcome;
import org.preemptlab.testkit.engine.TestWorkload;

/**
 * The policy in the real engine, through the test kit's harness: one SM, every cost zero, one
 * credit, so a job is dispatched only when the previous one has finished and the policy's order
 * is the order the jobs run in.
 */
class ShortestJobFirstEngineTest {
  /** Job 1 (10 µs) runs from 0; job 2 (8 µs) arrives at 1 µs, job 3 (1 µs) at 2 µs. */
  private static final Workload WORKLOAD = TestWorkload.create()
      .queue(TestQueues.queue("a")).queue(TestQueues.queue("b")).queue(TestQueues.queue("c"))
      .job("a", 0, TestWorkload.kernel(1, 2048, 10_000))
      .job("b", 1_000, TestWorkload.kernel(1, 2048, 8_000))
      .job("c", 2_000, TestWorkload.kernel(1, 2048, 1_000))
      .build();

  @Test
  void theShortJobThatArrivedLastRunsBeforeTheLongOneThatWaitedLonger() {
    RunOutcome outcome = PluginTestKit.policy(new ShortestJobFirstProvider(), Map.of())
        .on(WORKLOAD).creditLimit(1).run();

    outcome.assertThat().allJobsFinished().hasNoPreemptions().dispatchedInOrder(1, 3, 2);
    outcome.assertThat().job(3).startedAt(10_000).finishedBy(11_000);
    outcome.assertThat().job(2).startedAt(11_000).turnaroundAtMost(18_000);
  }

  @Test
  void withAgingTheJobThatWaitedTooLongGoesFirst() {
    RunOutcome outcome = PluginTestKit.policy(new ShortestJobFirstProvider(),
        Map.of("max-wait", "5us")).on(WORKLOAD).creditLimit(1).run();

    outcome.assertThat().dispatchedInOrder(1, 2, 3);
    outcome.assertThat().job(2).startedAt(10_000);
  }
}
