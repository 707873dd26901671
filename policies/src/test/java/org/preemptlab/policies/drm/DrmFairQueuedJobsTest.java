package org.preemptlab.policies.drm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.testkit.TestJob;
import org.preemptlab.testkit.TestQueues;
import org.preemptlab.testkit.TestScheduler;

/**
 * drm-fair driven as the DRM scheduler layer drives it: jobs are reported when pushed ({@code
 * onJobQueued}) and entity statistics are kept with the queue ({@code queueState}), as in Linux 7.2
 * (torvalds/linux drivers/gpu/drm/scheduler/sched_rq.c @637315cb).
 */
class DrmFairQueuedJobsTest {

  /** A view as the DRM scheduler layer's: reports queued and freed jobs, keeps queue state. */
  private static TestScheduler drmLayerView(Map<String, Object> states) {
    return new TestScheduler(1).withEngine(EngineKind.GRAPHICS).reportingFreedJobs()
        .reportingQueuedJobs().withQueueStates(states);
  }

  private static JobQueue entity(String id) {
    return TestQueues.builder(id).priority(Priority.NORMAL).engine(EngineKind.GRAPHICS).build();
  }

  private static TestJob job(long id, JobQueue entity) {
    return TestJob.builder(id).queue(entity).submitAt(0).credits(1).build();
  }

  private static void queueAndReady(DrmFairPolicy policy, SchedulerView view, TestJob... jobs) {
    for (TestJob j : jobs) {
      policy.onJobQueued(j, view);
    }
    policy.onJobReady(jobs[0], view);
  }

  @Test
  void anEntityWhoseNextJobIsNotReadyKeepsItsPlaceAndIsSkippedUntilReady() {
    DrmFairPolicy policy = new DrmFairPolicy();
    TestScheduler view = drmLayerView(new HashMap<>());
    JobQueue a = entity("a");
    JobQueue b = entity("b");
    TestJob a0 = job(1, a);
    policy.onJobQueued(a0, view); // pushed, waits on a fence: in the tree at vruntime 0
    TestJob b0 = job(2, b);
    TestJob b1 = job(3, b);
    TestJob b2 = job(4, b);
    queueAndReady(policy, view, b0, b1, b2); // placed 1 ns ahead of a, at -1

    assertThat(policy.selectNext(view)).isSameAs(b0);
    policy.onJobDispatched(b0, view);
    policy.onJobReady(b1, view);
    policy.onJobFreed(b0, 1_000, view);
    assertThat(policy.selectNext(view)).as("a is not ready: skipped").isSameAs(b1);
    policy.onJobDispatched(b1, view); // charges b0: -1 + 1000 << 4
    assertThat(policy.vruntime("b")).isEqualTo(15_999);
    policy.onJobReady(b2, view);
    policy.onJobFreed(b1, 1_000, view);
    assertThat(policy.selectNext(view)).isSameAs(b2);
    policy.onJobDispatched(b2, view);

    // b left the tree at 15999 while the leftmost entity (a) sat at exactly 0: a minimum of 0
    // counts as none, so b saves no relative vruntime (drm_sched_entity_save_vruntime)
    assertThat(policy.vruntime("b")).isZero();
    assertThat(policy.vruntime("a")).isZero();
    policy.onJobReady(a0, view);
    assertThat(policy.selectNext(view)).isSameAs(a0);
  }

  @Test
  void entityStatisticsFollowTheEntityToAnotherSchedulersPolicy() {
    Map<String, Object> shared = new HashMap<>();
    DrmFairPolicy s0 = new DrmFairPolicy();
    DrmFairPolicy s1 = new DrmFairPolicy();
    TestScheduler v0 = drmLayerView(shared);
    TestScheduler v1 = drmLayerView(shared);
    JobQueue m = entity("m");

    TestJob m0 = job(1, m);
    queueAndReady(s0, v0, m0);
    s0.onJobDispatched(s0.selectNext(v0), v0); // leaves s0's tree: nothing left queued
    s0.onJobFreed(m0, 4_000_000, v0); // 4 ms of runtime, charged at the next pop

    TestJob m1 = job(2, m);
    TestJob m2 = job(3, m);
    queueAndReady(s1, v1, m1, m2);
    s1.onJobDispatched(s1.selectNext(v1), v1); // m2 still queued: advance by 4 ms << 4

    assertThat(s1.vruntime("m")).isEqualTo(4_000_000L << 4);
  }

  @Test
  void aClassicPolicyIgnoresTheWithdrawalOfAQueuedJobItNeverHeld() {
    DrmClassicPolicy policy = DrmClassicPolicy.fifo();
    TestScheduler view = drmLayerView(new HashMap<>());
    TestJob waiting = job(1, entity("e"));
    policy.onJobQueued(waiting, view);

    policy.onJobWithdrawn(waiting, view);

    assertThat(policy.selectNext(view)).isNull();
    assertThat(policy.perPriorityRunQueues()).isTrue();
    assertThat(new DrmFairPolicy().perPriorityRunQueues()).isFalse();
  }
}
