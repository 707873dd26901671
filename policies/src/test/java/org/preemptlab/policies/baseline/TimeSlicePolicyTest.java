package org.preemptlab.policies.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.testkit.TestQueues.queue;
import static org.preemptlab.testkit.TestJob.ready;
import static org.preemptlab.testkit.TestJob.resident;

import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;
import org.preemptlab.testkit.TestScheduler;

class TimeSlicePolicyTest {
  private static final long MS = 1_000_000;
  /** A device whose own time slice (2.05 ms, as h200) differs from every nvgpu default. */
  private static final DeviceSpec DEVICE = new DeviceSpec("test", 2,
      new SmSpec(2048, 32, 65_536, 233_472, 1024), 1980,
      new DeviceCosts(0, 0, 0, 1e3, 0, 1e3, 0, 0, 2_050_000, 4), true, false);

  private final TimeSlicePolicy policy = new TimeSlicePolicy(SliceLengths.nvgpuDefaults());
  private final TestScheduler scheduler = new TestScheduler().withDevice(DEVICE);
  private final GpuContext context = new GpuContext("ctx", false);
  private final JobQueue a = queue("A");
  private final JobQueue b = queue("B");
  private final JobQueue c = queue("C");

  @Test
  void givesEachPriorityNvgpusSliceWithKernelAsHigh() {
    assertThat(policy.timeSliceNs(context, Priority.KERNEL, scheduler)).isEqualTo(5_200_000);
    assertThat(policy.timeSliceNs(context, Priority.HIGH, scheduler)).isEqualTo(5_200_000);
    assertThat(policy.timeSliceNs(context, Priority.NORMAL, scheduler)).isEqualTo(2_600_000);
    assertThat(policy.timeSliceNs(context, Priority.LOW, scheduler)).isEqualTo(1_300_000);
  }

  @Test
  void usesItsOwnSlicesInsteadOfTheHardwareDefault() {
    TimeSlicePolicy custom = new TimeSlicePolicy(new SliceLengths(40 * MS, 7 * MS, 3 * MS, MS));
    RoundRobinPolicy plain = new RoundRobinPolicy();

    assertThat(plain.timeSliceNs(context, Priority.NORMAL, scheduler)).isEqualTo(2_050_000);
    assertThat(custom.timeSliceNs(context, Priority.KERNEL, scheduler)).isEqualTo(40 * MS);
    assertThat(custom.timeSliceNs(context, Priority.HIGH, scheduler)).isEqualTo(7 * MS);
    assertThat(custom.timeSliceNs(context, Priority.NORMAL, scheduler)).isEqualTo(3 * MS);
    assertThat(custom.timeSliceNs(context, Priority.LOW, scheduler)).isEqualTo(MS);
  }

  @Test
  void theSliceDependsOnlyOnThePriorityNotOnTheContext() {
    GpuContext other = new GpuContext("other", true);

    assertThat(policy.timeSliceNs(other, Priority.LOW, scheduler))
        .isEqualTo(policy.timeSliceNs(context, Priority.LOW, scheduler));
  }

  @Test
  void dispatchesInTheSameOrderAsRoundRobin() {
    RoundRobinPolicy reference = new RoundRobinPolicy();
    TestScheduler other = new TestScheduler();
    String[][] arrivals = {{"A1", "A"}, {"A2", "A"}, {"C1", "C"}, {"B1", "B"}, {"A3", "A"},
        {"B2", "B"}, {"C2", "C"}};
    for (int i = 0; i < arrivals.length; i++) {
      JobQueue q = switch (arrivals[i][1]) {
        case "A" -> a;
        case "B" -> b;
        default -> c;
      };
      policy.onJobReady(ready(arrivals[i][0], i, q, i), scheduler);
      reference.onJobReady(ready(arrivals[i][0], i, q, i), other);
    }

    assertThat(scheduler.dispatch(policy)).isEqualTo(other.dispatch(reference))
        .containsExactly("A1", "C1", "B1", "A2", "C2", "B2", "A3");
  }

  @Test
  void keepsTheTurnWhenTheSelectedJobsCreditsDoNotFit() {
    TestScheduler small = new TestScheduler(2);
    policy.onJobReady(ready("A1", 1, a, 0, 1), small);
    assertThat(small.dispatch(policy)).containsExactly("A1");
    policy.onJobReady(ready("B1", 2, b, 1, 2), small);
    policy.onJobReady(ready("A2", 3, a, 2, 1), small);

    // B's turn: B1 needs 2 credits, 1 is free; A2 would fit but must not jump the turn.
    assertThat(small.dispatch(policy)).isEmpty();
    assertThat(policy.selectNext(small)).hasToString("B1");
    small.finish(policy, small.dispatchedJobs().get(0));
    assertThat(small.dispatch(policy)).containsExactly("B1");
    assertThat(policy.selectNext(small)).hasToString("A2");
  }

  @Test
  void neverPreemptsABlockedJobsRivalsWithinAContext() {
    scheduler.withResident(resident("low", 10, queue("L", Priority.LOW), 4));

    policy.onJobBlocked(ready("K", 1, queue("K", Priority.KERNEL), 0), scheduler);

    assertThat(scheduler.preempted()).isEmpty();
  }

  @Test
  void offersNothingWhenNoJobIsReady() {
    assertThat(policy.selectNext(scheduler)).isNull();
  }

  @Test
  void rejectsSlicesOutsideNvgpusRange() {
    assertThatThrownBy(() -> new SliceLengths(5 * MS, 5 * MS, 2 * MS, MS - 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("LOW").hasMessageContaining("[1ms, 50ms]");
    assertThatThrownBy(() -> new SliceLengths(50 * MS + 1, 5 * MS, 2 * MS, MS))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("KERNEL");
  }
}
