package ${package};

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.testkit.TestJob;
import org.preemptlab.testkit.TestQueues;
import org.preemptlab.testkit.TestScheduler;

/** Unit tests: the policy alone, driven by the test kit's scheduler view. */
class ${policyClass}Test {
  private final SchedulingPolicy policy = new ${policyClass}();
  private final TestScheduler scheduler = new TestScheduler();
  private final JobQueue queue = TestQueues.queue("q");

  @Test
  void dispatchesTheNearestDeadlineFirstAndJobsWithoutADeadlineLast() {
    policy.onJobReady(TestJob.builder(1).label("none").queue(queue).build(), scheduler);
    policy.onJobReady(TestJob.builder(2).label("late").queue(queue).deadline(9_000).build(),
        scheduler);
    policy.onJobReady(TestJob.builder(3).label("soon").queue(queue).deadline(2_000).build(),
        scheduler);

    assertThat(scheduler.dispatch(policy)).containsExactly("soon", "late", "none");
  }

  @Test
  void offersNothingWhenNoJobIsReady() {
    assertThat(policy.selectNext(scheduler)).isNull();
  }
}
