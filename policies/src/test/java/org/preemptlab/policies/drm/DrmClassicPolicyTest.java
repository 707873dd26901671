package org.preemptlab.policies.drm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;
import org.preemptlab.testkit.TestJob;
import org.preemptlab.testkit.TestQueues;
import org.preemptlab.testkit.TestScheduler;

class DrmClassicPolicyTest {
  private final JobQueue low = entity("low", Priority.LOW);
  private final JobQueue normal = entity("normal", Priority.NORMAL);
  private final JobQueue high = entity("high", Priority.HIGH);
  private final JobQueue kernel = entity("kernel", Priority.KERNEL);

  @Test
  void runQueuesAreServedStrictlyFromKernelToLowWhateverTheSubmitOrder() {
    DrmClassicPolicy policy = DrmClassicPolicy.fifo();
    TestScheduler sched = new TestScheduler(100).withEngine(EngineKind.GRAPHICS);
    policy.onJobReady(job(1, low, 0, 1), sched);
    policy.onJobReady(job(2, normal, 1, 1), sched);
    policy.onJobReady(job(3, high, 2, 1), sched);
    policy.onJobReady(job(4, kernel, 3, 1), sched);

    assertThat(sched.dispatch(policy))
        .containsExactly("kernel#4", "high#3", "normal#2", "low#1");
  }

  @Test
  void aHigherEntityShortOfCreditsBlocksEveryLowerRunQueue() {
    DrmClassicPolicy policy = DrmClassicPolicy.fifo();
    TestScheduler sched = new TestScheduler(2).withEngine(EngineKind.GRAPHICS);
    policy.onJobReady(job(1, high, 0, 2), sched);
    assertThat(sched.dispatch(policy)).containsExactly("high#1");
    policy.onJobReady(job(2, high, 1, 2), sched);
    policy.onJobReady(job(3, low, 0, 1), sched);

    assertThat(sched.dispatch(policy)).as("the HIGH job needs 2 credits, none are free").isEmpty();
    sched.finish(policy, sched.dispatchedJobs().get(0));
    assertThat(sched.dispatch(policy)).containsExactly("high#2");
  }

  @Test
  void fifoServesTheEntityWhoseHeadJobWasSubmittedFirst() {
    DrmClassicPolicy policy = DrmClassicPolicy.fifo();
    TestScheduler sched = new TestScheduler(100).withEngine(EngineKind.GRAPHICS);
    JobQueue a = entity("a", Priority.NORMAL);
    JobQueue b = entity("b", Priority.NORMAL);
    policy.onJobReady(job(1, a, 50, 1), sched);
    policy.onJobReady(job(2, b, 10, 1), sched);
    policy.onJobReady(job(3, entity("c", Priority.NORMAL), 50, 1), sched);

    assertThat(sched.dispatch(policy)).containsExactly("b#2", "a#1", "c#3");
  }

  @Test
  void roundRobinKeepsTheTurnOfAnEntityShortOfCredits() {
    DrmClassicPolicy policy = DrmClassicPolicy.roundRobin();
    TestScheduler sched = new TestScheduler(2).withEngine(EngineKind.GRAPHICS);
    JobQueue a = entity("a", Priority.NORMAL);
    JobQueue b = entity("b", Priority.NORMAL);
    policy.onJobReady(job(1, a, 0, 1), sched);
    policy.onJobReady(job(2, b, 0, 1), sched);
    assertThat(sched.dispatch(policy)).containsExactly("a#1", "b#2");
    policy.onJobReady(job(3, a, 1, 2), sched);
    policy.onJobReady(job(4, b, 1, 1), sched);

    assertThat(sched.dispatch(policy)).as("a's turn, 2 credits needed, none free").isEmpty();
    sched.finish(policy, sched.dispatchedJobs().get(0));
    assertThat(sched.dispatch(policy)).as("still a's turn: b must not overtake").isEmpty();
    sched.finish(policy, sched.dispatchedJobs().get(0));
    assertThat(sched.dispatch(policy)).containsExactly("a#3");
  }

  @Test
  void roundRobinWalksFromTheEntityAfterTheOneServedLastAndWraps() {
    DrmClassicPolicy policy = DrmClassicPolicy.roundRobin();
    TestScheduler sched = new TestScheduler(100).withEngine(EngineKind.GRAPHICS);
    JobQueue a = entity("a", Priority.NORMAL);
    JobQueue b = entity("b", Priority.NORMAL);
    JobQueue c = entity("c", Priority.NORMAL);
    policy.onJobReady(job(1, a, 0, 1), sched);
    policy.onJobReady(job(2, b, 0, 1), sched);
    policy.onJobReady(job(3, c, 0, 1), sched);
    assertThat(policy.selectNext(sched).toString()).isEqualTo("a#1");
    policy.onJobDispatched(policy.selectNext(sched), sched);
    policy.onJobReady(job(4, a, 0, 1), sched);

    assertThat(sched.dispatch(policy)).containsExactly("b#2", "c#3", "a#4");
  }

  @Test
  void aWithdrawnJobIsNeverSelected() {
    DrmClassicPolicy policy = DrmClassicPolicy.roundRobin();
    TestScheduler sched = new TestScheduler(100).withEngine(EngineKind.GRAPHICS);
    TestJob killed = job(1, normal, 0, 1);
    policy.onJobReady(killed, sched);
    policy.onJobReady(job(2, low, 0, 1), sched);
    policy.onJobWithdrawn(killed, sched);

    assertThat(sched.dispatch(policy)).containsExactly("low#2");
    assertThatThrownBy(() -> policy.onJobDispatched(killed, sched))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("not held");
  }

  /** A DRM entity: a queue of the given priority on the graphics engine. */
  private static JobQueue entity(String id, Priority priority) {
    return TestQueues.builder(id).priority(priority).engine(EngineKind.GRAPHICS).build();
  }

  /** A job of {@code entity}, labelled {@code entity#id}. */
  private static TestJob job(long id, JobQueue entity, long submitNs, int credits) {
    return TestJob.builder(id).queue(entity).submitAt(submitNs).credits(credits).build();
  }
}
