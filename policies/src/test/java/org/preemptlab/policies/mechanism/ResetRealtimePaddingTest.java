package org.preemptlab.policies.mechanism;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.SmSet;
import org.preemptlab.policies.mechanism.ResetRealtimePolicy.BestEffort;
import org.preemptlab.policies.mechanism.ResetRealtimePolicy.Padding;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestJob;
import org.preemptlab.testkit.TestQueueView;
import org.preemptlab.testkit.TestQueues;
import org.preemptlab.testkit.TestScheduler;

/**
 * REEF's dynamic kernel padding in {@code reset-realtime} ({@code padding=dkp}), worked out by hand
 * on {@link TestDevices#PASCAL}: 20 SMs of 2,048 threads, 32 blocks, 65,536 registers. A block of
 * 256 threads x 32 registers fits 8 to an SM (threads and registers), one of 128 threads 16.
 */
class ResetRealtimePaddingTest {
  private static final JobQueue RT = TestQueues.queue("rt", Priority.HIGH);
  private static final JobQueue BE = TestQueues.queue("be", Priority.LOW);
  private static final JobQueue BE2 = TestQueues.queue("be2", Priority.LOW);

  private static Kernel kernel(String name, int blocks, int threads, long blockNs) {
    return new Kernel(name, blocks, threads, 32, 0, true, BlockProgram.uniform(blockNs, 32, 0),
        new BlockTiming.Exact());
  }

  /** 400 blocks of 256 threads, 10 us each. */
  private static final Kernel BE_KERNEL = kernel("conv", 400, 256, 10_000);
  /** 5 blocks of 128 threads, 35 us each: one layer on 5 SMs, 35 us alone. */
  private static final Kernel RT_KERNEL = kernel("fc", 5, 128, 35_000);

  private static TestJob job(long id, JobQueue queue, Kernel kernel) {
    return TestJob.builder(id).queue(queue).kernel(kernel).build();
  }

  private static ResetRealtimePolicy dkp() {
    return new ResetRealtimePolicy(Priority.HIGH, BestEffort.HOLD, Padding.DKP);
  }

  private static TestScheduler scheduler() {
    return new TestScheduler().withDevice(TestDevices.PASCAL).withQueues(TestQueueView.of(RT),
        TestQueueView.of(BE), TestQueueView.of(BE2));
  }

  /** Launches {@code be}, then makes {@code rt} ready and launches it. */
  private static void launchBestEffortThenRealtime(ResetRealtimePolicy policy,
      TestScheduler scheduler, TestJob rt, TestJob... be) {
    for (TestJob job : be) {
      policy.onJobReady(job, scheduler);
      assertThat(scheduler.dispatchOne(policy)).isSameAs(job);
    }
    policy.onJobReady(rt, scheduler);
    assertThat(scheduler.dispatchOne(policy)).isSameAs(rt);
  }

  @Test
  void aRealtimeKernelRunsOnTheSmsItsBlocksFillAndABestEffortChunkThatFitsItsTimeOnTheRest() {
    ResetRealtimePolicy policy = dkp();
    TestScheduler scheduler = scheduler();
    TestJob be = job(1, BE, BE_KERNEL);
    TestJob rt = job(2, RT, RT_KERNEL);

    launchBestEffortThenRealtime(policy, scheduler, rt, be);

    // 15 free SMs x (35 us / 10 us = 3 blocks one after another) x 8 blocks an SM = 360 blocks
    assertThat(scheduler.jobActions()).containsExactly("hold 1",
        "pad 1 360 " + SmSet.range(5, 20), "restrict 2 " + SmSet.range(0, 5));
  }

  @Test
  void theChunkIsAtMostWhatIsLeftOfTheBestEffortKernel() {
    ResetRealtimePolicy policy = dkp();
    TestScheduler scheduler = scheduler();
    TestJob be = job(1, BE, kernel("small", 100, 256, 10_000));
    TestJob rt = job(2, RT, RT_KERNEL);

    launchBestEffortThenRealtime(policy, scheduler, rt, be);

    assertThat(scheduler.jobActions()).contains("pad 1 100 " + SmSet.range(5, 20));
  }

  @Test
  void aBestEffortBlockThatWouldOutlastTheRealtimeKernelIsNotPadded() {
    ResetRealtimePolicy policy = dkp();
    TestScheduler scheduler = scheduler();
    TestJob be = job(1, BE, BE_KERNEL);
    TestJob rt = job(2, RT, kernel("short", 5, 128, 8_000)); // 8 us < a 10 us block

    launchBestEffortThenRealtime(policy, scheduler, rt, be);

    assertThat(scheduler.jobActions()).containsExactly("hold 1");
  }

  @Test
  void theFirstBestEffortQueueWhoseKernelFitsIsPaddedOneKernelPerRealtimeKernel() {
    ResetRealtimePolicy policy = dkp();
    TestScheduler scheduler = scheduler();
    TestJob tooLong = job(1, BE, kernel("long", 400, 256, 50_000));
    TestJob fits = job(2, BE2, BE_KERNEL);
    TestJob rt = job(3, RT, RT_KERNEL);

    launchBestEffortThenRealtime(policy, scheduler, rt, tooLong, fits);

    assertThat(scheduler.jobActions()).containsExactly("hold 1", "hold 2",
        "pad 2 360 " + SmSet.range(5, 20), "restrict 3 " + SmSet.range(0, 5));
  }

  @Test
  void aRealtimeKernelOfSeveralLayersKeepsTheSmsItsLayersFill() {
    ResetRealtimePolicy policy = dkp();
    TestScheduler scheduler = scheduler();
    TestJob be = job(1, BE, BE_KERNEL);
    // 30 blocks on 20 SMs: 2 layers, on ceil(30 / 2) = 15 SMs; the device holds all 30 at once
    // (16 an SM), so it lasts one block, 35 us
    TestJob rt = job(2, RT, kernel("wide", 30, 128, 35_000));

    launchBestEffortThenRealtime(policy, scheduler, rt, be);

    // 5 free SMs x 3 x 8 = 120 blocks
    assertThat(scheduler.jobActions()).containsExactly("hold 1",
        "pad 1 120 " + SmSet.range(15, 20), "restrict 2 " + SmSet.range(0, 15));
  }

  @Test
  void aRealtimeKernelThatFillsEverySmLeavesNothingToPad() {
    ResetRealtimePolicy policy = dkp();
    TestScheduler scheduler = scheduler();
    TestJob be = job(1, BE, BE_KERNEL);
    TestJob rt = job(2, RT, kernel("full", 40, 128, 35_000)); // 2 layers on all 20 SMs

    launchBestEffortThenRealtime(policy, scheduler, rt, be);

    assertThat(scheduler.jobActions()).containsExactly("hold 1");
  }

  @Test
  void bestEffortLaunchedDuringRealtimeWorkIsHeldAndEveryHeldJobIsReleasedWhenItEnds() {
    ResetRealtimePolicy policy = dkp();
    TestScheduler scheduler = scheduler();
    TestJob rt = job(1, RT, kernel("short", 5, 128, 8_000));
    TestJob be = job(2, BE, BE_KERNEL);
    policy.onJobReady(rt, scheduler);
    assertThat(scheduler.dispatchOne(policy)).isSameAs(rt);
    policy.onJobReady(be, scheduler);
    assertThat(scheduler.dispatchOne(policy)).isSameAs(be);

    scheduler.finish(policy, rt);

    assertThat(scheduler.jobActions()).containsExactly("hold 2", "release 2");
    assertThat(scheduler.queueActions()).isEmpty(); // queues are not suspended with padding
  }

  @Test
  void eachRealtimeKernelGetsOneDecisionTheNextWhenItsPredecessorFinishes() {
    ResetRealtimePolicy policy = dkp();
    TestScheduler scheduler = scheduler();
    TestJob be = job(1, BE, BE_KERNEL);
    TestJob first = job(2, RT, RT_KERNEL);
    TestJob second = job(3, RT, kernel("fc2", 10, 128, 20_000));
    policy.onJobReady(be, scheduler);
    scheduler.dispatchOne(policy);
    policy.onJobReady(first, scheduler);
    policy.onJobReady(second, scheduler);
    assertThat(scheduler.dispatch(policy)).hasSize(2);

    scheduler.finish(policy, first);

    // the second kernel, 20 us: 10 free SMs x 2 x 8 = 160 blocks
    assertThat(scheduler.jobActions()).containsExactly("hold 1",
        "pad 1 360 " + SmSet.range(5, 20), "restrict 2 " + SmSet.range(0, 5),
        "pad 1 160 " + SmSet.range(10, 20), "restrict 3 " + SmSet.range(0, 10));
  }

  @Test
  void theProviderRefusesPaddingOutsideReefsResetModeNamingBothKeys() {
    ResetRealtimePolicyProvider provider = new ResetRealtimePolicyProvider();
    PluginContext context = new PluginContext(Parameters.of(provider.parameters(),
        Map.of("best-effort", "wait", "padding", "dkp")), null, new SplittableRandom(1));

    assertThatThrownBy(() -> provider.create(context))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("policy 'reset-realtime': padding 'dkp' needs best-effort 'hold' (REEF pads"
            + " only in its Reset mode), got best-effort 'wait'");
  }

  @Test
  void paddingNeedsReefsResetMode() {
    assertThatThrownBy(() -> new ResetRealtimePolicy(Priority.HIGH, BestEffort.WAIT,
        Padding.DKP)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("padding dkp needs best-effort hold");
  }

  @Test
  void withoutPaddingNothingIsPaddedAndQueuesAreSuspendedAsBefore() {
    ResetRealtimePolicy policy = new ResetRealtimePolicy(Priority.HIGH, BestEffort.HOLD);
    TestScheduler scheduler = scheduler();
    TestJob be = job(1, BE, BE_KERNEL);
    TestJob rt = job(2, RT, RT_KERNEL);

    launchBestEffortThenRealtime(policy, scheduler, rt, be);

    assertThat(scheduler.jobActions()).isEmpty();
    assertThat(scheduler.queueActions()).containsExactly("suspend be INTERRUPT",
        "suspend be2 INTERRUPT");
  }
}
