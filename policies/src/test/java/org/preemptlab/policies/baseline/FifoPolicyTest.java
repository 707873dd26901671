package org.preemptlab.policies.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.testkit.TestQueues.queue;
import static org.preemptlab.testkit.TestJob.ready;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.testkit.TestJob;
import org.preemptlab.testkit.TestScheduler;

class FifoPolicyTest {
  private final FifoPolicy policy = new FifoPolicy();
  private final TestScheduler scheduler = new TestScheduler();
  private final JobQueue a = queue("A");
  private final JobQueue b = queue("B");
  private final JobQueue c = queue("C");

  @Test
  void dispatchesInSubmitTimeOrderWhateverTheReadyOrder() {
    policy.onJobReady(ready("C30", 1, c, 30), scheduler);
    policy.onJobReady(ready("A10", 2, a, 10), scheduler);
    policy.onJobReady(ready("B20", 3, b, 20), scheduler);

    assertThat(scheduler.dispatch(policy)).containsExactly("A10", "B20", "C30");
  }

  @Test
  void breaksSubmitTimeTiesByReadyOrder() {
    policy.onJobReady(ready("B", 9, b, 5), scheduler);
    policy.onJobReady(ready("C", 1, c, 5), scheduler);
    policy.onJobReady(ready("A", 5, a, 5), scheduler);
    policy.onJobReady(ready("early", 7, a, 4), scheduler);

    assertThat(scheduler.dispatch(policy)).containsExactly("early", "B", "C", "A");
  }

  @Test
  void aLaterReadyJobWithAnEarlierSubmitTimeGoesAheadOfWaitingJobs() {
    policy.onJobReady(ready("A50", 1, a, 50), scheduler);
    policy.onJobReady(ready("B60", 2, b, 60), scheduler);
    assertThat(policy.selectNext(scheduler)).hasToString("A50");

    policy.onJobReady(ready("C40", 3, c, 40), scheduler);

    assertThat(scheduler.dispatch(policy)).containsExactly("C40", "A50", "B60");
  }

  @Test
  void selectingDoesNotRemoveTheJob() {
    policy.onJobReady(ready("A", 1, a, 0), scheduler);

    assertThat(policy.selectNext(scheduler)).hasToString("A");
    assertThat(policy.selectNext(scheduler)).hasToString("A");
  }

  @Test
  void offersTheSameJobAgainWhenItsCreditsDoNotFit() {
    TestScheduler small = new TestScheduler(2);
    policy.onJobReady(ready("big", 1, a, 0, 3), small);
    policy.onJobReady(ready("small", 2, b, 1, 1), small);

    assertThat(small.dispatch(policy)).isEmpty();
    assertThat(policy.selectNext(small)).hasToString("big");
  }

  @Test
  void offersNothingWhenNoJobIsReady() {
    assertThat(policy.selectNext(scheduler)).isNull();
    policy.onJobReady(ready("A", 1, a, 0), scheduler);
    scheduler.dispatch(policy);
    assertThat(policy.selectNext(scheduler)).isNull();
  }

  @Test
  void rejectsDispatchOfAJobItDoesNotHold() {
    assertThatThrownBy(() -> policy.onJobDispatched(ready("X", 1, a, 0), scheduler))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("job 1");
  }

  @Test
  void rejectsAJobThatBecomesReadyTwice() {
    policy.onJobReady(ready("A", 1, a, 0), scheduler);
    assertThatThrownBy(() -> policy.onJobReady(ready("A", 1, a, 0), scheduler))
        .isInstanceOf(IllegalStateException.class);
  }

  @Tag("slow")
  @Test
  void ordersOneHundredThousandShuffledJobsBySubmitTime() {
    List<TestJob> jobs = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) {
      jobs.add(ready(String.valueOf(i), i, i % 2 == 0 ? a : b, i / 2));
    }
    List<TestJob> shuffled = new ArrayList<>(jobs);
    Collections.shuffle(shuffled, new Random(42));
    shuffled.forEach(job -> policy.onJobReady(job, scheduler));

    List<String> order = scheduler.dispatch(policy);

    // Equal submit times (pairs 2k, 2k+1) keep their shuffled ready order, so compare times only.
    List<Long> times = order.stream().map(label -> Long.parseLong(label) / 2).toList();
    assertThat(times).hasSize(100_000).isSorted();
  }

  @Test
  void offersTheEarliestHeldJobAfterAnyMixOfReadyJobsAndDispatchesOfAnyHeldJob() {
    Random random = new Random(29);
    List<TestJob> held = new ArrayList<>(); // in ready order
    for (int i = 0; i < 5_000; i++) {
      if (held.isEmpty() || random.nextInt(3) > 0) {
        TestJob job = ready("J" + i, i, i % 2 == 0 ? a : b, random.nextInt(50));
        policy.onJobReady(job, scheduler);
        held.add(job);
      } else { // a policy-independent dispatch: any held job, not only the one offered
        TestJob job = held.remove(random.nextInt(held.size()));
        policy.onJobDispatched(job, scheduler);
      }
      TestJob expected = null; // the earliest submit time, the earliest ready on ties
      for (TestJob job : held) {
        if (expected == null || job.submitTimeNs() < expected.submitTimeNs()) {
          expected = job;
        }
      }
      assertThat(policy.selectNext(scheduler)).isSameAs(expected);
    }
  }
}
