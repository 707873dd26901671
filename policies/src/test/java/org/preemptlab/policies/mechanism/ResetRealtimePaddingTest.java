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
        "pad 1 360 " + SmSet.range(5, 20) + " per-sm 8", "restrict 2 " + SmSet.range(0, 5));
  }

  @Test
  void theChunkIsAtMostWhatIsLeftOfTheBestEffortKernel() {
    ResetRealtimePolicy policy = dkp();
    TestScheduler scheduler = scheduler();
    TestJob be = job(1, BE, kernel("small", 100, 256, 10_000));
    TestJob rt = job(2, RT, RT_KERNEL);

    launchBestEffortThenRealtime(policy, scheduler, rt, be);

    assertThat(scheduler.jobActions()).contains("pad 1 100 " + SmSet.range(5, 20) + " per-sm 8");
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
        "pad 2 360 " + SmSet.range(5, 20) + " per-sm 8", "restrict 3 " + SmSet.range(0, 5));
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
        "pad 1 120 " + SmSet.range(15, 20) + " per-sm 8", "restrict 2 " + SmSet.range(0, 15));
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
        "pad 1 360 " + SmSet.range(5, 20) + " per-sm 8", "restrict 2 " + SmSet.range(0, 5),
        "pad 1 160 " + SmSet.range(10, 20) + " per-sm 8", "restrict 3 " + SmSet.range(0, 10));
  }

  /**
   * REEF's profiles for the two kernels: {@code fc} 40 us alone (the model's blocks give it 35),
   * {@code conv}'s rounds from 10 us at occupancy 1 to 60 us at 8.
   */
  private static OccupancyLatencies profiles(long... convRoundsUs) {
    return OccupancyLatencies.of(Map.of("fc", 40_000L, "conv", 90_000L),
        Map.of("fc", new long[] {40_000},
            "conv", java.util.Arrays.stream(convRoundsUs).map(us -> us * 1000).toArray()));
  }

  private static ResetRealtimePolicy dkp(OccupancyLatencies latencies) {
    return new ResetRealtimePolicy(Priority.HIGH, BestEffort.HOLD, Padding.DKP, latencies);
  }

  @Test
  void withProfilesTheChunkUsesTheLargestOccupancyWhoseRoundFitsTheRealtimeKernelsProfile() {
    ResetRealtimePolicy policy = dkp(profiles(10, 12, 15, 20, 30, 40, 50, 60));
    TestScheduler scheduler = scheduler();
    TestJob be = job(1, BE, BE_KERNEL);
    TestJob rt = job(2, RT, RT_KERNEL);

    launchBestEffortThenRealtime(policy, scheduler, rt, be);

    // fc's profile: 40 us; conv's largest occupancy (of the merged 8) whose round is at most
    // 40 us: 6, one round of 40 us; 15 free SMs x 1 round x 6 = 90 blocks (360 without profiles),
    // at most 6 resident on an SM at a time
    assertThat(scheduler.jobActions()).containsExactly("hold 1",
        "pad 1 90 " + SmSet.range(5, 20) + " per-sm 6", "restrict 2 " + SmSet.range(0, 5));
  }

  @Test
  void withProfilesTheOccupancyIsAtMostTheMergedOneAndTheRoundsFillTheRealtimeKernelsTime() {
    // profiled up to occupancy 10, but the merged occupancy is 8: 8 blocks, 20 us a round
    ResetRealtimePolicy policy = dkp(profiles(5, 6, 7, 8, 9, 10, 11, 20, 25, 30));
    TestScheduler scheduler = scheduler();
    TestJob be = job(1, BE, BE_KERNEL);
    TestJob rt = job(2, RT, RT_KERNEL);

    launchBestEffortThenRealtime(policy, scheduler, rt, be);

    // 15 free SMs x (40 / 20 = 2 rounds) x 8 = 240 blocks (occupancy 10: 1 round, 150)
    assertThat(scheduler.jobActions()).contains("pad 1 240 " + SmSet.range(5, 20) + " per-sm 8");
  }

  @Test
  void withProfilesAKernelWhoseFirstRoundOutlastsTheRealtimeKernelIsNotPaddedThoughItsBlocksFit() {
    ResetRealtimePolicy policy = dkp(profiles(45, 50));
    TestScheduler scheduler = scheduler();
    TestJob be = job(1, BE, BE_KERNEL); // its blocks last 10 us: without profiles, padded
    TestJob rt = job(2, RT, RT_KERNEL);

    launchBestEffortThenRealtime(policy, scheduler, rt, be);

    assertThat(scheduler.jobActions()).containsExactly("hold 1");
  }

  @Test
  void withProfilesAKernelNotProfiledIsNotPaddedAndTheNextQueuesIs() {
    ResetRealtimePolicy policy = dkp(profiles(10));
    TestScheduler scheduler = scheduler();
    TestJob unprofiled = job(1, BE, kernel("pool", 400, 256, 10_000));
    TestJob conv = job(2, BE2, BE_KERNEL);
    TestJob rt = job(3, RT, RT_KERNEL);

    launchBestEffortThenRealtime(policy, scheduler, rt, unprofiled, conv);

    // conv at occupancy 1 (its only profiled one): 15 x (40 / 10 = 4) x 1 = 60 blocks
    assertThat(scheduler.jobActions()).containsExactly("hold 1", "hold 2",
        "pad 2 60 " + SmSet.range(5, 20) + " per-sm 1", "restrict 3 " + SmSet.range(0, 5));
  }

  @Test
  void profilesWithoutPaddingAreRefused() {
    assertThatThrownBy(() -> new ResetRealtimePolicy(Priority.HIGH, BestEffort.HOLD,
        Padding.NONE, profiles(10))).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("occupancy latencies are read by padding dkp only");
  }

  @Test
  void theProviderRefusesPaddingLatenciesWithoutPaddingNamingBothKeys() {
    ResetRealtimePolicyProvider provider = new ResetRealtimePolicyProvider();
    PluginContext context = new PluginContext(Parameters.of(provider.parameters(),
        Map.of("best-effort", "hold", "padding-latencies-file", "reef.csv")), null,
        new SplittableRandom(1));

    assertThatThrownBy(() -> provider.create(context))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("policy 'reset-realtime': padding-latencies-file is read by padding 'dkp' only,"
            + " got padding 'none'");
  }

  @Test
  void theProviderReadsPaddingLatenciesFromTheFileItNames(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) throws java.io.IOException {
    java.nio.file.Path file = dir.resolve("latencies.csv");
    java.nio.file.Files.writeString(file, "kernel,total_us,latency_us\nfc,40,40\n"
        + "conv,90,10 12 15 20 30 40 50 60\n");
    ResetRealtimePolicyProvider provider = new ResetRealtimePolicyProvider();
    PluginContext context = new PluginContext(Parameters.of(provider.parameters(),
        Map.of("best-effort", "hold", "padding", "dkp", "padding-latencies-file", file.toString())),
        null, new SplittableRandom(1));
    ResetRealtimePolicy policy = (ResetRealtimePolicy) provider.create(context);
    TestScheduler scheduler = scheduler();

    launchBestEffortThenRealtime(policy, scheduler, job(2, RT, RT_KERNEL), job(1, BE, BE_KERNEL));

    assertThat(scheduler.jobActions()).contains("pad 1 90 " + SmSet.range(5, 20) + " per-sm 6");
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
