package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.workload;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SmSet;

/** Spatial sharing (MPS shares, MIG instances, green contexts) on the real engine. */
class SpatialSharingTest {
  /** Four SMs of one 1,024-thread block each; contexts time-sliced unless sharing says otherwise. */
  private static DeviceSpec fourSms() {
    return Sim.device(4, Sim.bigSm(), Sim.costs().dispatch(100).signal(200).contextSwitch(5_000)
        .timeSlice(20_000), false);
  }

  /** Context "a": 16 blocks of 10 us from 0; context "b": 2 blocks of 3 us at 1 us. */
  private static Workload twoTenants() {
    return workload().queue(Sim.queue("qa", "a", Priority.NORMAL))
        .queue(Sim.queue("qb", "b", Priority.NORMAL))
        .job(1, "qa", 0, kernel("train", 16, 1024, 8, 0, 10_000))
        .job(2, "qb", 1_000, kernel("infer", 2, 1024, 8, 0, 3_000))
        .build();
  }

  /** Runs with {@code policy} (fifo when null), recording the SMs each queue's blocks used. */
  private static SimulationResult run(Workload w, SpatialSharing sharing, ScriptedPolicy policy,
      Map<String, Set<Integer>> smsByQueue) {
    RunPlugins base = EngineFixtures.plugins(fourSms(), "fifo", "instruction-level", "full");
    RunPlugins plugins = policy == null ? base : new RunPlugins("scripted", kind -> policy,
        base.preemptionId(), base.preemption(), base.contextSaveId(), base.contextSave());
    Simulator simulator = new Simulator(w, Sim.hw(fourSms()), plugins, EngineOptions.defaults())
        .withSharing(sharing);
    simulator.listen(new EngineListener() {
      @Override
      public void blockExecuted(int sm, int slot, JobView job, int blockIndex, long startNs,
          long endNs, BlockEnd end) {
        smsByQueue.computeIfAbsent(job.queue().id(), q -> new TreeSet<>()).add(sm);
      }
    });
    return simulator.run();
  }

  private static SpatialSharing instances(SmSet a, SmSet b) {
    return new SpatialSharing(true, Map.of("a", a, "b", b), Map.of(), Set.of());
  }

  @Test
  void migInstancesKeepEachContextOnItsOwnSmsWithoutAnyContextSwitch() {
    Map<String, Set<Integer>> used = new TreeMap<>();
    SimulationResult result = run(twoTenants(), instances(SmSet.range(0, 3), SmSet.of(3)), null,
        used);

    assertThat(used).containsEntry("qa", Set.of(0, 1, 2)).containsEntry("qb", Set.of(3));
    assertThat(result.contextSwitches()).isZero();
  }

  @Test
  void aMigInstanceRunsExactlyAsFastBesideABusyNeighbourAsAlone() {
    SpatialSharing sharing = instances(SmSet.range(0, 3), SmSet.of(3));
    Workload alone = workload().queue(Sim.queue("qa", "a", Priority.NORMAL))
        .queue(Sim.queue("qb", "b", Priority.NORMAL))
        .job(2, "qb", 1_000, kernel("infer", 2, 1024, 8, 0, 3_000))
        .build();

    JobRecord beside = Sim.record(run(twoTenants(), sharing, null, new TreeMap<>()), 2);
    JobRecord solo = Sim.record(run(alone, sharing, null, new TreeMap<>()), 2);

    // two 3 us blocks one after the other on SM 3, each after a 100 ns dispatch
    assertThat(beside.finishNs()).isEqualTo(solo.finishNs()).isEqualTo(1_000 + 2 * (100 + 3_000));
    assertThat(beside.firstStartNs()).isEqualTo(solo.firstStartNs());
  }

  @Test
  void withoutSharingTheSameTenantsAreTimeSlicedAndSwitched() {
    SimulationResult result = run(twoTenants(), SpatialSharing.none(), null, new TreeMap<>());

    assertThat(result.contextSwitches()).isPositive();
  }

  @Test
  void anMpsShareLimitsTheSmsOfItsContextAndLeavesTheOtherUnconfined() {
    Map<String, Set<Integer>> used = new TreeMap<>();
    SpatialSharing mps = new SpatialSharing(true, Map.of("a", SmSet.range(0, 2)), Map.of(),
        Set.of());

    SimulationResult result = run(twoTenants(), mps, null, used);

    assertThat(used.get("qa")).containsExactly(0, 1);
    assertThat(used.get("qb")).isSubsetOf(2, 3).isNotEmpty();
    assertThat(result.contextSwitches()).isZero();
  }

  @Test
  void greenContextPartitionsHoldEachQueueToItsSms() {
    Workload w = workload().queue(Sim.queue("big", "p", Priority.NORMAL))
        .queue(Sim.queue("small", "p", Priority.NORMAL))
        .queue(Sim.queue("free", "p", Priority.NORMAL))
        .job(1, "big", 0, kernel("k1", 12, 1024, 8, 0, 1_000))
        .job(2, "small", 0, kernel("k2", 12, 1024, 8, 0, 1_000))
        .job(3, "free", 0, kernel("k3", 12, 1024, 8, 0, 1_000))
        .build();
    Map<String, Set<Integer>> used = new TreeMap<>();
    SpatialSharing green = new SpatialSharing(null, Map.of(),
        Map.of("big", SmSet.range(0, 2), "small", SmSet.of(2)), Set.of());

    run(w, green, null, used);

    assertThat(used.get("big")).containsExactly(0, 1);
    assertThat(used.get("small")).containsExactly(2);
    assertThat(used.get("free")).isNotEmpty(); // a stream of no green context may use every SM
  }

  @Test
  void aPolicySeesItsPartitionAndMayRestrictOnlyWithinIt() {
    ScriptedPolicy policy = new ScriptedPolicy();
    List<Optional<SmSet>> seen = new java.util.ArrayList<>();
    policy.whenReady((job, scheduler) -> {
      if (job.queue().id().equals("qa") && seen.isEmpty()) {
        seen.add(scheduler.queue("qa").partition());
        seen.add(scheduler.queue("qb").partition());
        policy.outcomes.add(scheduler.restrictSms("qa", SmSet.of(2, 3)));
        policy.outcomes.add(scheduler.restrictSms(job, SmSet.of(0, 3)));
        policy.outcomes.add(scheduler.restrictSms("qa", SmSet.of(1)));
      }
    });
    Map<String, Set<Integer>> used = new TreeMap<>();

    run(twoTenants(), instances(SmSet.range(0, 2), SmSet.range(2, 4)), policy, used);

    assertThat(seen).containsExactly(Optional.of(SmSet.range(0, 2)),
        Optional.of(SmSet.range(2, 4)));
    assertThat(policy.outcomes.get(0).accepted()).isFalse();
    assertThat(policy.outcomes.get(0).reason()).isEqualTo("SMs {2, 3} reaches SM 2, outside "
        + "queue 'qa''s partition (SMs {0, 1}); a policy may restrict only within it");
    assertThat(policy.outcomes.get(1).accepted()).isFalse();
    assertThat(policy.outcomes.get(2)).isEqualTo(ActionOutcome.done());
    assertThat(used.get("qa")).containsExactly(1);
  }

  @Test
  void liftingARestrictionReturnsTheQueueToItsPartition() {
    ScriptedPolicy policy = new ScriptedPolicy();
    policy.whenReady((job, scheduler) -> {
      if (job.queue().id().equals("qa")) {
        policy.outcomes.add(scheduler.restrictSms("qa", SmSet.of(0)));
        policy.outcomes.add(scheduler.restrictSms("qa", null));
      }
    });
    Map<String, Set<Integer>> used = new TreeMap<>();

    run(twoTenants(), instances(SmSet.range(0, 2), SmSet.range(2, 4)), policy, used);

    assertThat(policy.outcomes).containsOnly(ActionOutcome.done());
    assertThat(used.get("qa")).containsExactly(0, 1);
  }

  @Test
  void aBelowNormalMpsClientIsServedAfterANormalOneWhateverItsStreamPriority() {
    // one SM: whoever is placed first runs first; "b" (HIGH stream) is below-normal, "a" NORMAL
    Workload w = workload().queue(Sim.queue("qa", "a", Priority.NORMAL))
        .queue(Sim.queue("qb", "b", Priority.HIGH))
        .job(1, "qa", 0, kernel("x", 8, 1024, 8, 0, 1_000))
        .job(2, "qb", 0, kernel("y", 8, 1024, 8, 0, 1_000))
        .build();
    SpatialSharing belowNormal = new SpatialSharing(true, Map.of("a", SmSet.of(0),
        "b", SmSet.of(0)), Map.of(), Set.of("b"));
    SpatialSharing normal = new SpatialSharing(true, Map.of("a", SmSet.of(0), "b", SmSet.of(0)),
        Map.of(), Set.of());

    SimulationResult low = run(w, belowNormal, null, new TreeMap<>());
    SimulationResult equal = run(w, normal, null, new TreeMap<>());

    assertThat(Sim.record(low, 1).finishNs()).isLessThan(Sim.record(low, 2).firstStartNs());
    assertThat(Sim.record(equal, 2).finishNs()).isLessThan(Sim.record(equal, 1).firstStartNs());
  }

  /** One block per SM of 1,000 ns, each moving {@code bytes} (100,000 B: 100 B/ns a block). */
  private static org.preemptlab.api.model.Kernel memoryKernel(String name, int grid, long bytes) {
    return new org.preemptlab.api.model.Kernel(name, grid, 1024, 1, 0, false,
        new org.preemptlab.api.model.BlockProgram(List.of(new org.preemptlab.api.model.Segment(
            org.preemptlab.api.model.SegmentKind.COMPUTE, 1_000, 1_000, 1, 0, bytes))),
        new org.preemptlab.api.model.BlockTiming.Exact());
  }

  /**
   * Two MIG instances of two SMs, each with half of 400 B/ns; instance "a" runs {@code aKernel}
   * (or nothing), "b" one block of 1,000 ns demanding 200 B/ns: the finish of b's job, with
   * contention on (max-min fair).
   */
  private static long finishOfB(org.preemptlab.api.model.Kernel aKernel, boolean perInstance) {
    org.preemptlab.api.hardware.HardwareModel hw = ContentionTest.contended(
        Sim.device(4, Sim.bigSm(), Sim.costs(), false), 400,
        org.preemptlab.api.hardware.ContentionModel.maxMinFair());
    Sim.W w = workload().queue(Sim.queue("qa", "a", Priority.NORMAL))
        .queue(Sim.queue("qb", "b", Priority.NORMAL))
        .job(2, "qb", 0, memoryKernel("b", 1, 200_000));
    if (aKernel != null) {
      w.job(1, "qa", 0, aKernel);
    }
    Simulator simulator = new Simulator(w.build(), hw,
        EngineFixtures.plugins(hw.device(), "fifo", "block-boundary", "full"),
        EngineOptions.defaults()).withSharing(instances(SmSet.range(0, 2), SmSet.range(2, 4)));
    if (perInstance) {
      simulator.withMemoryDomains(new MemoryDomains(List.of(
          new MemoryDomains.Domain("a", SmSet.range(0, 2), 200),
          new MemoryDomains.Domain("b", SmSet.range(2, 4), 200))));
    }
    return Sim.record(simulator.run(), 2).finishNs();
  }

  @Test
  void withContentionAMemoryBoundKernelInOneMigInstanceLeavesTheOtherInstancesTimesAlone() {
    org.preemptlab.api.model.Kernel hog = memoryKernel("hog", 2, 400_000); // 2 x 400 B/ns

    long alone = finishOfB(null, true);
    long beside = finishOfB(hog, true);

    // b demands 200 B/ns, exactly its instance's share: 1,000 ns with or without a's hog
    assertThat(alone).isEqualTo(1_000);
    assertThat(beside).isEqualTo(alone);
  }

  @Test
  void withOneMemoryDomainForTheWholeDeviceTheSameHogSlowsTheOtherTenant() {
    org.preemptlab.api.model.Kernel hog = memoryKernel("hog", 2, 400_000);

    // one domain of 400 B/ns: alone b's 200 fit; beside the hog's 2 x 400 max-min gives each of
    // the three blocks 133 B/ns, so b runs at 2/3 speed while the hog is resident
    assertThat(finishOfB(null, false)).isEqualTo(1_000);
    assertThat(finishOfB(hog, false)).isGreaterThan(1_000);
  }

  @Test
  void sharingThatNamesAnUnknownContextIsRefused() {
    Simulator simulator = new Simulator(twoTenants(), Sim.hw(fourSms()),
        EngineFixtures.plugins(fourSms(), "fifo", "block-boundary", "full"),
        EngineOptions.defaults());

    assertThatThrownBy(() -> simulator.withSharing(new SpatialSharing(true,
        Map.of("nope", SmSet.of(0)), Map.of(), Set.of())))
        .hasMessage("sharing names context 'nope', which the workload does not have");
  }
}
