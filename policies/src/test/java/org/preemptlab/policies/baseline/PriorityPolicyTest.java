package org.preemptlab.policies.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.testkit.TestQueues.queue;
import static org.preemptlab.testkit.TestJob.ready;
import static org.preemptlab.testkit.TestJob.resident;

import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;
import org.preemptlab.testkit.TestScheduler;

class PriorityPolicyTest {
  private final PriorityPolicy policy = new PriorityPolicy(true);
  private final TestScheduler scheduler = new TestScheduler();
  private final JobQueue kernel = queue("kernel", Priority.KERNEL);
  private final JobQueue high = queue("high", Priority.HIGH);
  private final JobQueue high2 = queue("high2", Priority.HIGH);
  private final JobQueue normal = queue("normal", Priority.NORMAL);
  private final JobQueue normal2 = queue("normal2", Priority.NORMAL);
  private final JobQueue low = queue("low", Priority.LOW);
  private final JobQueue low2 = queue("low2", Priority.LOW);

  @Test
  void servesHigherPrioritiesFirstWhateverTheArrivalOrder() {
    policy.onJobReady(ready("L", 1, low, 0), scheduler);
    policy.onJobReady(ready("N", 2, normal, 1), scheduler);
    policy.onJobReady(ready("H", 3, high, 2), scheduler);
    policy.onJobReady(ready("K", 4, kernel, 3), scheduler);

    assertThat(scheduler.dispatch(policy)).containsExactly("K", "H", "N", "L");
  }

  @Test
  void aHigherPriorityJobArrivingLaterGoesAheadOfWaitingLowerOnes() {
    policy.onJobReady(ready("N1", 1, normal, 0), scheduler);
    policy.onJobReady(ready("N2", 2, normal, 1), scheduler);
    assertThat(policy.selectNext(scheduler)).hasToString("N1");

    policy.onJobReady(ready("H1", 3, high, 2), scheduler);

    assertThat(scheduler.dispatch(policy)).containsExactly("H1", "N1", "N2");
  }

  @Test
  void roundRobinsAcrossTheQueuesOfOneLevel() {
    policy.onJobReady(ready("N1", 1, normal, 0), scheduler);
    policy.onJobReady(ready("N2", 2, normal, 1), scheduler);
    policy.onJobReady(ready("M1", 3, normal2, 2), scheduler);
    policy.onJobReady(ready("M2", 4, normal2, 3), scheduler);
    policy.onJobReady(ready("H1", 5, high, 4), scheduler);
    policy.onJobReady(ready("H2", 6, high, 5), scheduler);
    policy.onJobReady(ready("G1", 7, high2, 6), scheduler);

    assertThat(scheduler.dispatch(policy))
        .containsExactly("H1", "G1", "H2", "N1", "M1", "N2", "M2");
  }

  @Test
  void aHigherPriorityJobShortOfCreditsBlocksLowerPriorities() {
    TestScheduler small = new TestScheduler(2);
    policy.onJobReady(ready("L1", 1, low, 0, 1), small);
    policy.onJobReady(ready("H1", 2, high, 1, 3), small);

    assertThat(small.dispatch(policy)).isEmpty();
    assertThat(policy.selectNext(small)).hasToString("H1");
  }

  @Test
  void preemptsExactlyTheLowerPriorityResidentJobsLowestFirst() {
    scheduler.withResident(
        resident("n1", 10, normal, 4),
        resident("k1", 11, kernel, 2),
        resident("l1", 12, low, 1),
        resident("h1", 13, high2, 3),
        resident("n2", 14, normal2, 2),
        resident("l2", 15, low2, 5));

    policy.onJobBlocked(ready("H", 1, high, 0), scheduler);

    assertThat(scheduler.preempted()).containsExactly("l1", "l2", "n1", "n2");
  }

  @Test
  void skipsLowerPriorityJobsWithoutResidentBlocks() {
    scheduler.withResident(resident("l0", 10, low, 0), resident("l1", 11, low2, 1));

    policy.onJobBlocked(ready("N", 1, normal, 0), scheduler);

    assertThat(scheduler.preempted()).containsExactly("l1");
  }

  @Test
  void aBlockedLowestPriorityJobPreemptsNothing() {
    scheduler.withResident(resident("l1", 10, low2, 3), resident("n1", 11, normal, 3));

    policy.onJobBlocked(ready("L", 1, low, 0), scheduler);

    assertThat(scheduler.preempted()).isEmpty();
  }

  @Test
  void preemptsNothingWhenPreemptionIsOff() {
    PriorityPolicy plain = new PriorityPolicy(false);
    scheduler.withResident(resident("l1", 10, low, 3), resident("n1", 11, normal, 3));

    plain.onJobBlocked(ready("K", 1, kernel, 0), scheduler);

    assertThat(scheduler.preempted()).isEmpty();
    assertThat(plain.preemptive()).isFalse();
  }

  @Test
  void stillServesStrictPriorityWhenPreemptionIsOff() {
    PriorityPolicy plain = new PriorityPolicy(false);
    plain.onJobReady(ready("L", 1, low, 0), scheduler);
    plain.onJobReady(ready("H", 2, high, 1), scheduler);

    assertThat(scheduler.dispatch(plain)).containsExactly("H", "L");
  }

  @Test
  void offersNothingWhenNoJobIsReady() {
    assertThat(policy.selectNext(scheduler)).isNull();
  }
}
