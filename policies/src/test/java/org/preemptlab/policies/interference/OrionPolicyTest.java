package org.preemptlab.policies.interference;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.MemorySpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestJob;
import org.preemptlab.testkit.TestQueues;
import org.preemptlab.testkit.TestScheduler;

/**
 * The Orion rules on a GTX 1080-sized device (20 SMs; a 256-thread, 32-register block fits 8 to an
 * SM) with the GTX 1080's 320 GB/s of DRAM bandwidth (NVIDIA GeForce GTX 1080 specifications).
 */
class OrionPolicyTest {
  private static final DeviceSpec DEVICE = TestDevices.PASCAL.withMemory(new MemorySpec(320));
  private static final JobQueue HP = TestQueues.queue("infer", Priority.HIGH);
  private static final JobQueue BE = TestQueues.queue("train", Priority.LOW);

  /** {@code blocks} blocks of 1 us moving {@code dramBytes} each (8,000 B: 8 B/ns a block). */
  private static Kernel kernel(String name, int blocks, long dramBytes) {
    return new Kernel(name, blocks, 256, 32, 0, false, new BlockProgram(List.of(
        new Segment(SegmentKind.GLOBAL_MEMORY, 1_000, 1_000, 32, 0, dramBytes))),
        new BlockTiming.Exact());
  }

  /** 20 blocks, 3 SMs, no DRAM traffic: compute bound. */
  private static final Kernel HP_COMPUTE = kernel("gemm", 20, 0);
  /** 40 blocks, 5 SMs, 40 x 8 B/ns = 320 B/ns, all of the bandwidth: memory bound. */
  private static final Kernel BE_MEMORY = kernel("copy", 40, 8_000);
  /** 40 blocks, 5 SMs, compute bound. */
  private static final Kernel BE_COMPUTE = kernel("conv", 40, 0);

  private static TestJob job(long id, JobQueue queue, Kernel kernel, long submitNs) {
    return TestJob.builder(id).queue(queue).kernel(kernel).submitAt(submitNs).build();
  }

  private static OrionPolicy orion() {
    return new OrionPolicy(Priority.HIGH, 1.0, 1.0, 0.5);
  }

  @Test
  void classifiesKernelsByTheirDramDemandAgainstTheBandwidth() {
    OrionPolicy policy = orion();

    assertThat(policy.profile(BE_MEMORY, DEVICE)).isEqualTo(OrionPolicy.Profile.MEMORY);
    assertThat(policy.profile(kernel("half", 40, 3_000), DEVICE))
        .isEqualTo(OrionPolicy.Profile.COMPUTE); // 120 of 320 B/ns, under half
    assertThat(policy.profile(BE_COMPUTE, DEVICE)).isEqualTo(OrionPolicy.Profile.COMPUTE);
    assertThat(policy.profile(BE_MEMORY, TestDevices.PASCAL))
        .isEqualTo(OrionPolicy.Profile.UNKNOWN); // no bandwidth declared
    assertThat(OrionPolicy.smsNeeded(HP_COMPUTE, DEVICE)).isEqualTo(3);
    assertThat(OrionPolicy.smsNeeded(kernel("wide", 500, 0), DEVICE)).isEqualTo(20);
    assertThat(OrionPolicy.expectedNs(kernel("two-waves", 161, 0), DEVICE)).isEqualTo(2_000);
  }

  @Test
  void highPriorityJobsAreLaunchedFirstWhateverTheirArrival() {
    OrionPolicy policy = orion();
    TestScheduler scheduler = new TestScheduler().withDevice(DEVICE);
    TestJob be = job(1, BE, BE_MEMORY, 0);
    TestJob hp = job(2, HP, HP_COMPUTE, 10);
    policy.onJobReady(be, scheduler);
    policy.onJobReady(hp, scheduler);

    assertThat(scheduler.dispatchOne(policy)).isSameAs(hp);
  }

  @Test
  void aMemoryBoundBestEffortKernelJoinsAComputeBoundHighPriorityOneAComputeBoundOneWaits() {
    OrionPolicy policy = orion();
    TestScheduler scheduler = new TestScheduler().withDevice(DEVICE);
    TestJob hp = job(1, HP, HP_COMPUTE, 0);
    TestJob compute = job(2, BE, BE_COMPUTE, 1);
    TestJob memory = job(3, BE, BE_MEMORY, 2);
    policy.onJobReady(hp, scheduler);
    policy.onJobReady(compute, scheduler);
    assertThat(scheduler.dispatch(policy)).containsExactly(hp.label()); // compute waits

    OrionPolicy second = orion();
    TestScheduler other = new TestScheduler().withDevice(DEVICE);
    TestJob hp2 = job(1, HP, HP_COMPUTE, 0);
    second.onJobReady(hp2, other);
    second.onJobReady(memory, other);
    assertThat(other.dispatch(second)).containsExactly(hp2.label(), memory.label());

    scheduler.finish(policy, hp);
    assertThat(scheduler.dispatch(policy)).containsExactly(compute.label()); // HP gone
  }

  @Test
  void aBestEffortKernelThatWouldNotFitBesideTheHighPriorityOneWaits() {
    OrionPolicy policy = new OrionPolicy(Priority.HIGH, 0.35, 1.0, 0.5); // 7 of 20 SMs
    TestScheduler scheduler = new TestScheduler().withDevice(DEVICE);
    TestJob hp = job(1, HP, HP_COMPUTE, 0); // 3 SMs
    TestJob memory = job(2, BE, BE_MEMORY, 1); // 5 SMs: 8 > 7
    policy.onJobReady(hp, scheduler);
    policy.onJobReady(memory, scheduler);

    assertThat(scheduler.dispatch(policy)).containsExactly(hp.label());
    assertThat(policy.heldBestEffort()).isPositive();
  }

  @Test
  void bestEffortWorkInFlightIsBoundedRelativeToTheHighPriorityJobAndDrainsBeforeMore() {
    OrionPolicy policy = orion();
    TestScheduler scheduler = new TestScheduler().withDevice(DEVICE);
    TestJob hp = job(1, HP, HP_COMPUTE, 0); // expected 1 us
    policy.onJobReady(hp, scheduler);
    scheduler.dispatch(policy);
    scheduler.finish(policy, hp);
    TestJob first = job(2, BE, BE_COMPUTE, 1); // 1 us each
    TestJob second = job(3, BE, BE_COMPUTE, 2);
    policy.onJobReady(first, scheduler);
    policy.onJobReady(second, scheduler);

    assertThat(scheduler.dispatch(policy)).containsExactly(first.label()); // 1 + 1 us > 1 us
    scheduler.finish(policy, first);
    assertThat(scheduler.dispatch(policy)).containsExactly(second.label()); // drained
    assertThat(policy.launchedBestEffort()).isEqualTo(2);
  }

  @Test
  void aLargerDurationBoundLetsSeveralBestEffortKernelsFly() {
    OrionPolicy policy = new OrionPolicy(Priority.HIGH, 1.0, 2.0, 0.5);
    TestScheduler scheduler = new TestScheduler().withDevice(DEVICE);
    TestJob hp = job(1, HP, HP_COMPUTE, 0);
    policy.onJobReady(hp, scheduler);
    scheduler.dispatch(policy);
    scheduler.finish(policy, hp);
    TestJob a = job(2, BE, BE_COMPUTE, 1);
    TestJob b = job(3, BE, BE_COMPUTE, 2);
    TestJob c = job(4, BE, BE_COMPUTE, 3);
    List.of(a, b, c).forEach(j -> policy.onJobReady(j, scheduler));

    assertThat(scheduler.dispatch(policy)).containsExactly(a.label(), b.label());
  }

  @Test
  void anAbsoluteDurationBoundReplacesTheFractionAsTheArtifactsMaxBeDuration() {
    // the fraction alone would let one 1 us kernel fly (1 x 1 us); 3 us absolute lets three
    OrionPolicy policy = new OrionPolicy(Priority.HIGH, 1.0, 1.0, 0.5, 3_000);
    TestScheduler scheduler = new TestScheduler().withDevice(DEVICE);
    TestJob hp = job(1, HP, HP_COMPUTE, 0);
    policy.onJobReady(hp, scheduler);
    scheduler.dispatch(policy);
    scheduler.finish(policy, hp);
    TestJob a = job(2, BE, BE_COMPUTE, 1);
    TestJob b = job(3, BE, BE_COMPUTE, 2);
    TestJob c = job(4, BE, BE_COMPUTE, 3);
    TestJob d = job(5, BE, BE_COMPUTE, 4);
    List.of(a, b, c, d).forEach(j -> policy.onJobReady(j, scheduler));

    assertThat(scheduler.dispatch(policy)).containsExactly(a.label(), b.label(), c.label());
  }

  @Test
  void withoutADeclaredBandwidthProfilesAreUnknownAndDoNotKeepBestEffortWaiting() {
    OrionPolicy policy = orion();
    TestScheduler scheduler = new TestScheduler().withDevice(TestDevices.PASCAL);
    TestJob hp = job(1, HP, HP_COMPUTE, 0);
    TestJob compute = job(2, BE, BE_COMPUTE, 1);
    policy.onJobReady(hp, scheduler);
    policy.onJobReady(compute, scheduler);

    assertThat(scheduler.dispatch(policy)).containsExactly(hp.label(), compute.label());
  }
}
