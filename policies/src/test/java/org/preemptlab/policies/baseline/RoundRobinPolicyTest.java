package org.preemptlab.policies.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.testkit.TestQueues.queue;
import static org.preemptlab.testkit.TestJob.ready;

import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.testkit.TestScheduler;

class RoundRobinPolicyTest {
  private final RoundRobinPolicy policy = new RoundRobinPolicy();
  private final TestScheduler scheduler = new TestScheduler();
  private final JobQueue a = queue("A");
  private final JobQueue b = queue("B");
  private final JobQueue c = queue("C");

  @Test
  void alternatesBetweenQueues() {
    policy.onJobReady(ready("A1", 1, a, 0), scheduler);
    policy.onJobReady(ready("A2", 2, a, 1), scheduler);
    policy.onJobReady(ready("A3", 3, a, 2), scheduler);
    policy.onJobReady(ready("B1", 4, b, 3), scheduler);
    policy.onJobReady(ready("B2", 5, b, 4), scheduler);
    policy.onJobReady(ready("B3", 6, b, 5), scheduler);

    assertThat(scheduler.dispatch(policy)).containsExactly("A1", "B1", "A2", "B2", "A3", "B3");
  }

  @Test
  void queuesTakeTurnsInTheOrderTheyBecameKnownNotBySubmitTime() {
    policy.onJobReady(ready("C1", 1, c, 50), scheduler);
    policy.onJobReady(ready("A1", 2, a, 10), scheduler);
    policy.onJobReady(ready("B1", 3, b, 0), scheduler);
    policy.onJobReady(ready("C2", 4, c, 60), scheduler);

    assertThat(scheduler.dispatch(policy)).containsExactly("C1", "A1", "B1", "C2");
  }

  @Test
  void skipsQueuesWithoutReadyJobs() {
    policy.onJobReady(ready("A1", 1, a, 0), scheduler);
    policy.onJobReady(ready("B1", 2, b, 0), scheduler);
    policy.onJobReady(ready("C1", 3, c, 0), scheduler);
    assertThat(scheduler.dispatch(policy)).containsExactly("A1", "B1", "C1");

    policy.onJobReady(ready("A2", 4, a, 1), scheduler);
    policy.onJobReady(ready("C2", 5, c, 1), scheduler);
    policy.onJobReady(ready("A3", 6, a, 2), scheduler);

    assertThat(scheduler.dispatch(policy)).containsExactly("A2", "C2", "A3");
  }

  @Test
  void passesTheTurnOnFromTheQueueServedLastWhenJobsArriveLater() {
    policy.onJobReady(ready("A1", 1, a, 0), scheduler);
    policy.onJobReady(ready("B1", 2, b, 0), scheduler);
    policy.onJobReady(ready("C1", 3, c, 0), scheduler);
    assertThat(scheduler.dispatch(policy)).containsExactly("A1", "B1", "C1");

    // C was served last, so A (after the wrap) goes before B even though B's job arrived first.
    policy.onJobReady(ready("B2", 4, b, 1), scheduler);
    policy.onJobReady(ready("A2", 5, a, 2), scheduler);

    assertThat(scheduler.dispatch(policy)).containsExactly("A2", "B2");
  }

  @Test
  void keepsTheTurnWhenTheSelectedJobsCreditsDoNotFit() {
    TestScheduler small = new TestScheduler(2);
    policy.onJobReady(ready("A1", 1, a, 0, 1), small);
    assertThat(small.dispatch(policy)).containsExactly("A1");
    policy.onJobReady(ready("B1", 2, b, 1, 2), small);
    policy.onJobReady(ready("A2", 3, a, 2, 1), small);

    // B's turn: its job needs 2 credits, 1 is free; A2 would fit but must not jump the turn.
    assertThat(small.dispatch(policy)).isEmpty();
    assertThat(policy.selectNext(small)).hasToString("B1");
    assertThat(policy.selectNext(small)).hasToString("B1");

    small.finish(policy, small.dispatchedJobs().get(0));
    assertThat(small.dispatch(policy)).containsExactly("B1");
  }

  @Test
  void offersNothingWhenNoJobIsReady() {
    assertThat(policy.selectNext(scheduler)).isNull();
    policy.onJobReady(ready("A1", 1, a, 0), scheduler);
    scheduler.dispatch(policy);
    assertThat(policy.selectNext(scheduler)).isNull();
  }

  @Test
  void rejectsDispatchOfAJobThatIsNotNextInItsQueue() {
    policy.onJobReady(ready("A1", 1, a, 0), scheduler);
    policy.onJobReady(ready("A2", 2, a, 1), scheduler);

    assertThatThrownBy(() -> policy.onJobDispatched(ready("A2", 2, a, 1), scheduler))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("job 2");
  }
}
