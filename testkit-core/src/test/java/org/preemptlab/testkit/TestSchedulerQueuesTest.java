package org.preemptlab.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SuspendLevel;

/** The kit's queue views: what a policy reads of a queue, and suspend and resume acting on it. */
class TestSchedulerQueuesTest {

  private final TestQueueView video = TestQueueView.of(TestQueues.queue("video", Priority.HIGH))
      .waiting(2).launched(1).attained(5_000);
  private final TestQueueView batch = TestQueueView.of(TestQueues.queue("batch"));
  private final TestScheduler scheduler = new TestScheduler().withQueues(video, batch);

  @Test
  void queuesAreTheGivenViewsInOrderWithWhatTheTestSet() {
    assertThat(scheduler.queues()).containsExactly(video, batch);
    assertThat(scheduler.queue("video").priority()).isEqualTo(Priority.HIGH);
    assertThat(scheduler.queue("video").waitingJobs()).isEqualTo(2);
    assertThat(scheduler.queue("video").launchedJobs()).isEqualTo(1);
    assertThat(scheduler.queue("video").attainedGpuNs()).isEqualTo(5_000);
  }

  @Test
  void suspendAndResumeActOnTheViewAndAreRecorded() {
    assertThat(scheduler.suspend("batch", SuspendLevel.DEACTIVATE).accepted()).isTrue();
    assertThat(batch.suspension()).contains(SuspendLevel.DEACTIVATE);
    assertThat(scheduler.suspend("batch", SuspendLevel.DEACTIVATE).accepted()).isFalse();
    assertThat(scheduler.resume("batch").accepted()).isTrue();
    assertThat(batch.suspended()).isFalse();
    assertThat(scheduler.resume("batch").accepted()).isFalse();
    assertThat(scheduler.suspend("nope", SuspendLevel.LAUNCH).reason()).contains("no queue 'nope'");

    assertThat(scheduler.queueActions()).containsExactly("suspend batch DEACTIVATE",
        "suspend batch DEACTIVATE", "resume batch", "resume batch", "suspend nope LAUNCH");
  }

  @Test
  void aJobsAttainedGpuTimeOnlyGrows() {
    TestJob job = TestJob.ready("a", 1, TestQueues.queue("a"), 0).attained(1_000);

    assertThat(job.attainedGpuNs()).isEqualTo(1_000);
    assertThatThrownBy(() -> job.attained(500)).hasMessageContaining("only grows");
  }

  @Test
  void aQueueCannotBeAddedTwice() {
    assertThatThrownBy(() -> scheduler.withQueues(TestQueueView.of(TestQueues.queue("video"))))
        .hasMessageContaining("'video' is already there");
  }

  @Test
  void queueStateIsSharedThroughTheStoreAndAbsentWithoutOne() {
    java.util.Map<String, Object> store = new java.util.HashMap<>();
    TestScheduler first = new TestScheduler(1).reportingQueuedJobs().withQueueStates(store);
    TestScheduler second = new TestScheduler(1).withQueueStates(store);

    StringBuilder state = first.queueState("a", StringBuilder.class, StringBuilder::new)
        .orElseThrow().append("x");

    assertThat(second.queueState("a", StringBuilder.class, StringBuilder::new)).containsSame(state);
    assertThat(second.queueState("b", StringBuilder.class, StringBuilder::new).orElseThrow())
        .isNotSameAs(state);
    assertThat(first.reportsQueuedJobs()).isTrue();
    assertThat(second.reportsQueuedJobs()).isFalse();
    assertThat(new TestScheduler(1).queueState("a", StringBuilder.class, StringBuilder::new))
        .isEmpty();
  }
}
