package org.preemptlab.policies.drm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.testkit.TestJob;
import org.preemptlab.testkit.TestQueues;
import org.preemptlab.testkit.TestScheduler;

class DrmFairPolicyTest {

  @Test
  void ewmaStartsAtTheFirstSampleThenWeighsEachNewSampleAQuarter() {
    Ewma ewma = new Ewma();
    ewma.add(1000);
    assertThat(ewma.read()).isEqualTo(1000);
    ewma.add(2000);
    assertThat(ewma.read()).isEqualTo(1250);
  }

  @Test
  void backloggedSharesFollowTheShifts() {
    double[] shares = VruntimeShifts.backloggedShares(Priority.HIGH, Priority.NORMAL);
    // shifts 2 and 4: a HIGH ns advances vruntime by 4, a NORMAL ns by 16, so HIGH gets 4x
    assertThat(shares[0]).isCloseTo(0.8, within(1e-12));
    assertThat(shares[1]).isCloseTo(0.2, within(1e-12));
  }

  @Test
  void aHigherPriorityEntityBecomingRunnableGoesAheadOfTheHead() {
    DrmFairPolicy policy = new DrmFairPolicy();
    TestScheduler sched = new TestScheduler(1).withEngine(EngineKind.GRAPHICS);
    JobQueue normal = entity("normal", Priority.NORMAL);
    JobQueue high = entity("high", Priority.HIGH);
    policy.onJobReady(job(1, normal, 0, 1), sched);
    policy.onJobReady(job(2, high, 5, 1), sched);

    assertThat(policy.selectNext(sched).toString()).isEqualTo("high#2");
    assertThat(policy.vruntime("high")).isEqualTo(-1);
  }

  @Test
  void aLowerPriorityEntityBecomingRunnableIsPlacedBehindTheHeadByItsShiftedAverage() {
    DrmFairPolicy policy = new DrmFairPolicy();
    TestScheduler sched = new TestScheduler(1).withEngine(EngineKind.GRAPHICS);
    JobQueue normal = entity("normal", Priority.NORMAL);
    JobQueue low = entity("low", Priority.LOW);
    policy.onJobReady(job(1, normal, 0, 1), sched);
    policy.onJobReady(job(2, low, 0, 1), sched);

    // (1 + 0 + 0) << 7 us behind the head at vruntime 0
    assertThat(policy.vruntime("low")).isEqualTo(128_000);
    assertThat(policy.selectNext(sched).toString()).isEqualTo("normal#1");
  }

  @Test
  void freedGpuTimeIsChargedAtTheNextPopShiftedByPriority() {
    DrmFairPolicy policy = new DrmFairPolicy();
    TestScheduler sched = new TestScheduler(1).withEngine(EngineKind.GRAPHICS);
    JobQueue normal = entity("normal", Priority.NORMAL);
    JobView first = job(1, normal, 0, 1);
    policy.onJobReady(first, sched);
    sched.dispatch(policy);
    policy.onJobReady(job(2, normal, 0, 1), sched); // still has a job: charged 0 so far
    sched.at(1_000);
    sched.finish(policy, first);
    assertThat(policy.vruntime("normal")).isZero();
    JobView second = policy.selectNext(sched);
    policy.onJobDispatched(second, sched); // as the engines do: the next job follows at once
    policy.onJobReady(job(3, normal, 0, 1), sched);

    assertThat(policy.vruntime("normal")).isEqualTo(1_000L << 4);
  }

  @Test
  void twoBackloggedEntitiesShareTheGpuAsTheirShiftsSay() {
    DrmFairPolicy policy = new DrmFairPolicy();
    TestScheduler sched = new TestScheduler(1).withEngine(EngineKind.GRAPHICS);
    JobQueue high = entity("high", Priority.HIGH);
    JobQueue normal = entity("normal", Priority.NORMAL);
    long id = 0;
    policy.onJobReady(job(id++, high, 0, 1), sched);
    policy.onJobReady(job(id++, normal, 0, 1), sched);
    Map<String, Integer> served = new HashMap<>();
    for (int i = 0; i < 1000; i++) {
      JobView next = sched.dispatchOne(policy);
      policy.onJobReady(job(id++, next.queue(), sched.nowNs(), 1), sched);
      sched.at(sched.nowNs() + 1_000);
      sched.finish(policy, next);
      served.merge(next.queue().id(), 1, Integer::sum);
    }
    // equal 1 us jobs: HIGH advances 4 ns of vruntime per ns, NORMAL 16, so HIGH runs 4x as often
    assertThat(served.get("high") / 1000.0).isCloseTo(0.8, within(0.01));
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
