package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.record;
import static org.preemptlab.engine.Sim.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.ContentionModel;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.MemorySpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.SmSet;

/**
 * Co-resident blocks share device-memory bandwidth (DESIGN.md §3.5), against the real engine: the
 * hardware model's max-min fair contention gives each job's blocks a rate, re-evaluated once per
 * instant of residency change, and the engine moves completions and stop points accordingly. Every
 * device here has zero costs unless a test sets them and a clock of 1 GHz; bandwidths are in B/ns.
 */
class ContentionTest {

  /** {@code device} with {@code bytesPerNs} of DRAM bandwidth and {@code model} as contention. */
  static HardwareModel contended(DeviceSpec device, double bytesPerNs, ContentionModel model) {
    DeviceSpec withMemory = device.withMemory(new MemorySpec(bytesPerNs));
    return new HardwareModel() {
      @Override
      public DeviceSpec device() {
        return withMemory;
      }

      @Override
      public Optional<ContentionModel> contention() {
        return Optional.of(model);
      }
    };
  }

  /** A kernel of {@code grid} blocks of one compute segment of {@code ns} moving {@code bytes}. */
  private static Kernel memoryKernel(String name, int grid, int threads, long ns, long bytes) {
    return new Kernel(name, grid, threads, 1, 0, false,
        new BlockProgram(List.of(new Segment(SegmentKind.COMPUTE, ns, ns, 1, 0, bytes))),
        new BlockTiming.Exact());
  }

  private static SimulationResult fifo(Workload workload, HardwareModel hardware) {
    return EngineFixtures.run(workload, hardware, "fifo", "block-boundary", "full");
  }

  private static Workload side(Kernel a, Kernel b) {
    return workload().queue("qa", Priority.NORMAL).queue("qb", Priority.NORMAL)
        .job(1, "qa", 0, a).job(2, "qb", 0, b).build();
  }

  @Test
  void twoMemoryBoundKernelsSideBySideEachTakeDemandOverSupplyLonger() {
    // 2 SMs, 100 B/ns. Each kernel: 1 block of 1000 ns moving 100,000 B = 100 B/ns, the whole
    // supply. Side by side the demand is 200 B/ns: each block gets 50 (rate 0.5) and lasts
    // 1000 x 200 / 100 = 2000 ns. Alone each lasts 1000.
    HardwareModel hw = contended(device(2, Sim.bigSm(), costs()), 100,
        ContentionModel.maxMinFair());
    Workload w = side(memoryKernel("a", 1, 1024, 1000, 100_000),
        memoryKernel("b", 1, 1024, 1000, 100_000));

    SimulationResult result = fifo(w, hw);

    assertThat(record(result, 1).finishNs()).isEqualTo(2000);
    assertThat(record(result, 2).finishNs()).isEqualTo(2000);
    // attained GPU time stays SM wall time: two SMs busy for 2000 ns
    assertThat(result.smBusyFraction()).isEqualTo(1.0);
    assertThat(fifo(w, Sim.hw(device(2, Sim.bigSm(), costs()))).makespanNs()).isEqualTo(1000);
  }

  @Test
  void aRateChangeAtAnotherBlocksEndMovesTheCompletion() {
    // 100 B/ns. a: 1000 ns, 100 B/ns; b: 1000 ns, 25 B/ns. Demand 125 > 100: max-min fair gives b
    // its 25 (under the equal share of 50) and a the remaining 75: rate 0.75, end ceil(1333.3).
    // b ends at 1000; a has then done floor(1000 x 0.75) = 750 and runs alone at rate 1: its end
    // moves from 1334 to 1000 + 250 = 1250.
    HardwareModel hw = contended(device(2, Sim.bigSm(), costs()), 100,
        ContentionModel.maxMinFair());

    SimulationResult result = fifo(side(memoryKernel("a", 1, 1024, 1000, 100_000),
        memoryKernel("b", 1, 1024, 1000, 25_000)), hw);

    assertThat(record(result, 2).finishNs()).isEqualTo(1000);
    assertThat(record(result, 1).finishNs()).isEqualTo(1250);
  }

  @Test
  void aMemoryBoundAndAComputeBoundKernelBarelySlowEachOther() {
    // 100 B/ns. mem: 1000 ns at 100 B/ns (the whole supply); compute: 1000 ns at 5 B/ns. Demand
    // 105: compute keeps its 5 (rate 1), mem gets 95 (rate 0.95): at 1000 it has done 950, then 50
    // alone. mem takes 5 % longer, compute not at all.
    HardwareModel hw = contended(device(2, Sim.bigSm(), costs()), 100,
        ContentionModel.maxMinFair());

    SimulationResult result = fifo(side(memoryKernel("mem", 1, 1024, 1000, 100_000),
        memoryKernel("compute", 1, 1024, 1000, 5_000)), hw);

    assertThat(record(result, 2).finishNs()).isEqualTo(1000);
    assertThat(record(result, 1).finishNs()).isEqualTo(1050);
  }

  @Test
  void blocksOfOneKernelContendWithEachOtherAndAPlacementAtABlocksEndChangesNoRate() {
    // 1 SM of 1024 threads, 100 B/ns. One kernel of 4 blocks of 512 threads, 1000 ns, 100 B/ns
    // each: 2 blocks resident at a time, rate 0.5: [0, 2000] x2, then [2000, 4000] x2. Each
    // block's end frees a slot that the next block takes at the same instant, so the residency
    // the settlement sees is unchanged and no completion moves.
    HardwareModel hw = contended(device(1, Sim.bigSm(), costs()), 100,
        ContentionModel.maxMinFair());
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(1, "q", 0, memoryKernel("k", 4, 512, 1000, 100_000)).build();

    SimulationResult result = fifo(w, hw);

    assertThat(record(result, 1).finishNs()).isEqualTo(4000);
    // The first two blocks are queued at rate 1 and re-queued once when the settlement of instant
    // 0 gives their class 0.5 (two stale events); blocks 2 and 3 join at the class's rate 0.5 and
    // are queued once: no other event than without contention.
    assertThat(result.events()).isEqualTo(fifo(w, Sim.hw(device(1, Sim.bigSm(), costs())))
        .events() + 2);
  }

  @Test
  void instructionLevelPreemptionMidContentionStopsAtTheContendedTimeAndSavesExactProgress() {
    // 1 SM of 1024 threads, 100 B/ns; signal 50; save 64 B/ns + 100, restore 128 B/ns + 20.
    // Blocks of 512 threads x 4 registers: a full save is 8192 B: 100 + 128 = 228 ns to save,
    // 20 + 64 = 84 to restore.
    //   job 1 (LOW): [compute 200, shared-memory 400, compute 400], 100,000 B: 100 B/ns.
    //   job 2 (LOW): compute 2000, 200,000 B: 100 B/ns.
    //   Both on the SM from 0 at rate 0.5. job 3 (HIGH, 1024 threads, 200 ns) arrives at 500 and
    //   preempts both; the SMs see it at 550.
    //   job 2 at 550: progress floor(550 x 0.5) = 275, a compute point: stops there, saves
    //     [550, 778].
    //   job 1 at 550: progress 275, inside the shared-memory segment [200, 600): stops at 600,
    //     which at its rate at the decision (0.5, kept while the stop is under way although job 2
    //     left at 550) it reaches at 1200; saves [1200, 1428].
    //   job 3 runs [1428, 1628]. Both LOW blocks restore (84) and run from 1712 side by side at
    //   0.5: job 1 has 400 left -> 2512; job 2 has done 275 + 400 = 675 by then, and runs its last
    //   1325 alone -> 3837.
    DeviceSpec device = device(1, Sim.bigSm(), costs().signal(50).save(64, 100).restore(128, 20));
    HardwareModel hw = contended(device, 100, ContentionModel.maxMinFair());
    BlockProgram staged = new BlockProgram(List.of(
        new Segment(SegmentKind.COMPUTE, 200, 200, 4, 0, 20_000),
        new Segment(SegmentKind.SHARED_MEMORY, 400, 400, 4, 0, 40_000),
        new Segment(SegmentKind.COMPUTE, 400, 400, 4, 0, 40_000)));
    BlockProgram streaming = new BlockProgram(List.of(
        new Segment(SegmentKind.COMPUTE, 2000, 2000, 4, 0, 200_000)));
    Workload w = workload().queue("low", Priority.LOW).queue("high", Priority.HIGH)
        .job(1, "low", 0, Sim.kernel("staged", 1, 512, 4, 0, false, staged))
        .job(2, "low", 0, Sim.kernel("streaming", 1, 512, 4, 0, false, streaming))
        .job(3, "high", 500, Sim.kernel("infer", 1, 1024, 0, 0, 200))
        .build();

    SimulationResult result = EngineFixtures.run(w, hw, "priority", "instruction-level", "full");

    assertThat(result.preemptions()).containsExactly(
        new PreemptionRecord(1, "low", 500, 1200, 1428, 1, 0, 1, 0, 8192,
            Map.of("instruction", 1), 3, 1428),
        new PreemptionRecord(2, "low", 500, 550, 778, 1, 0, 1, 0, 8192,
            Map.of("instruction", 1), 3, 1428));
    assertThat(record(result, 3).firstStartNs()).isEqualTo(1428);
    assertThat(record(result, 3).finishNs()).isEqualTo(1628);
    assertThat(record(result, 1).finishNs()).isEqualTo(2512);
    assertThat(record(result, 2).finishNs()).isEqualTo(3837);
    assertThat(record(result, 1).lostWorkNs()).isZero();
    assertThat(record(result, 2).lostWorkNs()).isZero();
  }

  @Test
  void aTimeSliceSwitchSavesTheContendedProgressAndTheBlocksResumeAtTheirRate() {
    // 1 SM; slice 10000; save 1 B/ns, restore 2 B/ns, switch 500; 1 B/ns of DRAM bandwidth.
    // Context A, job 1: 2 blocks of 250 threads x 1 register (1000 B of context each), 8000 ns,
    // 8000 B each (1 B/ns): side by side at rate 0.5. Context B, job 2: 1 block, 12000 ns, no
    // traffic. Without contention job 1 would end at 8000, inside its first slice.
    //   0      A: job 1's blocks [0, ...) at 0.5; the slice ends at 10000.
    //   10000  switch: both parked at progress 5000; 2000 B saved by 12000, switch done 12500.
    //   12500  B: job 2 [12500, ...); slice ends 22500: parked at 10000, saved 23500, done 24000.
    //   24000  A: 2000 B restored by 25000; 3000 left each at 0.5 -> 31000.
    //   31000  A idle: switch done 31500; job 2 restored (500) from 32000, 2000 left -> 34000.
    DeviceSpec device = device(1, Sim.bigSm(),
        costs().save(1, 0).restore(2, 0).contextSwitch(500).timeSlice(10_000), false);
    HardwareModel hw = contended(device, 1, ContentionModel.maxMinFair());
    Workload w = workload()
        .queue(Sim.queue("qa", "A", Priority.NORMAL))
        .queue(Sim.queue("qb", "B", Priority.NORMAL))
        .job(1, "qa", 0, memoryKernel("a", 2, 250, 8000, 8000))
        .job(2, "qb", 0, memoryKernel("b", 1, 250, 12_000, 0))
        .build();

    SimulationResult result = fifo(w, hw);

    assertThat(result.contextSwitches()).isEqualTo(3);
    assertThat(record(result, 1).finishNs()).isEqualTo(31_000);
    assertThat(record(result, 2).firstStartNs()).isEqualTo(12_500);
    assertThat(record(result, 2).finishNs()).isEqualTo(34_000);
    assertThat(record(result, 1).bytesSaved()).isEqualTo(2000);
    assertThat(record(result, 1).bytesRestored()).isEqualTo(2000);
  }

  @Test
  void memoryDomainsOfTheirOwnNeverSlowEachOther() {
    // Two domains (SM 0 and SM 1) of 100 B/ns each: the two 100 B/ns kernels of the first test
    // each have a domain to themselves and run at full speed.
    HardwareModel hw = contended(device(2, Sim.bigSm(), costs()), 200,
        ContentionModel.maxMinFair());
    Workload w = side(memoryKernel("a", 1, 1024, 1000, 100_000),
        memoryKernel("b", 1, 1024, 1000, 100_000));
    MemoryDomains split = new MemoryDomains(List.of(
        new MemoryDomains.Domain("i0", SmSet.of(0), 100),
        new MemoryDomains.Domain("i1", SmSet.of(1), 100)));

    SimulationResult result = new Simulator(w, hw,
        EngineFixtures.plugins(hw.device(), "fifo", "block-boundary", "full"),
        EngineOptions.defaults()).withMemoryDomains(split).run();

    assertThat(result.makespanNs()).isEqualTo(1000);
  }

  @Test
  void contentionOnADeviceWithoutDeclaredBandwidthIsAConfigurationError() {
    DeviceSpec device = device(1, Sim.bigSm(), costs());
    HardwareModel hw = new HardwareModel() {
      @Override
      public DeviceSpec device() {
        return device;
      }

      @Override
      public Optional<ContentionModel> contention() {
        return Optional.of(ContentionModel.maxMinFair());
      }
    };
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(1, "q", 0, memoryKernel("k", 1, 64, 100, 100)).build();

    assertThatThrownBy(() -> fifo(w, hw)).isInstanceOf(ConfigurationException.class)
        .hasMessage("device 'test-gpu': the hardware model turns contention on but declares no"
            + " DRAM bandwidth (set dram-bandwidth-gbps, or contention: none)");
  }

  @Test
  void aContentionModelThatGivesARateOutsideZeroToOneBreaksTheRun() {
    HardwareModel hw = contended(device(1, Sim.bigSm(), costs()), 100,
        (supply, demand, blocks, classes, rates) -> Arrays.fill(rates, 0, classes, 1.5));
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(1, "q", 0, memoryKernel("k", 1, 64, 100, 100)).build();

    assertThatThrownBy(() -> fifo(w, hw)).isInstanceOf(InvariantViolationException.class)
        .hasMessageContaining("gave job 1 (queue 'q') the rate 1.5 at 0 ns");
  }

  // ---- random workloads ----

  /**
   * A random mix: 1 to 3 contexts (time-sliced on some devices), queues of all priorities, kernels
   * with jittered blocks whose programs have compute, memory, shared-memory and barrier segments
   * with DRAM traffic, submitted over time.
   */
  private static Workload randomWorkload(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    Sim.W w = workload();
    int contexts = 1 + random.nextInt(3);
    int queues = 1 + random.nextInt(4);
    Priority[] priorities = Priority.values();
    for (int q = 0; q < queues; q++) {
      w.queue(Sim.queue("q" + q, "ctx" + random.nextInt(contexts),
          priorities[random.nextInt(priorities.length)]));
    }
    int jobs = 4 + random.nextInt(12);
    long t = 0;
    SegmentKind[] kinds = {SegmentKind.COMPUTE, SegmentKind.GLOBAL_MEMORY,
        SegmentKind.SHARED_MEMORY, SegmentKind.BARRIER};
    for (int j = 0; j < jobs; j++) {
      List<Segment> segments = new ArrayList<>();
      int n = 1 + random.nextInt(4);
      for (int s = 0; s < n; s++) {
        long ns = 50 + random.nextInt(800);
        segments.add(new Segment(kinds[random.nextInt(kinds.length)], ns, ns,
            random.nextInt(9), 0, random.nextInt(4) == 0 ? 0 : random.nextLong(ns * 200)));
      }
      int threads = 64 << random.nextInt(5);
      Kernel kernel = new Kernel("k" + j, 1 + random.nextInt(9), threads, 8, 0,
          random.nextBoolean(), new BlockProgram(segments),
          random.nextBoolean() ? new BlockTiming.Exact()
              : new BlockTiming.UniformJitter(0.3, random.nextLong()));
      t += random.nextInt(1500);
      w.job(j, "q" + random.nextInt(queues), t, kernel);
    }
    return w.build();
  }

  private static DeviceSpec randomDevice(long seed) {
    SplittableRandom random = new SplittableRandom(seed ^ 0x5DEECE66DL);
    return device(1 + random.nextInt(3), Sim.bigSm(), costs().launch(random.nextInt(30))
        .dispatch(random.nextInt(10)).signal(random.nextInt(60)).save(16 + random.nextInt(64), 20)
        .restore(32 + random.nextInt(64), 10).contextSwitch(200).timeSlice(2000),
        random.nextBoolean());
  }

  private static SimulationResult runRandom(Workload w, HardwareModel hw, long seed) {
    String preemption = List.of("block-boundary", "instruction-level").get((int) (seed % 2));
    return EngineFixtures.run(w, hw, "priority", preemption, "full");
  }

  @Test
  void withRatesThatAlwaysStayOneContentionChangesNothing() {
    // The anchor arithmetic at rate 1, the per-instant settlement and the demand bookkeeping must
    // leave every result, and the number of events, exactly as without contention.
    ContentionModel neverSlows = (supply, demand, blocks, classes, rates) ->
        Arrays.fill(rates, 0, classes, 1.0);
    int preempted = 0;
    for (long seed = 1; seed <= 60; seed++) {
      Workload w = randomWorkload(seed);
      DeviceSpec device = randomDevice(seed);

      SimulationResult off = runRandom(w, Sim.hw(device), seed);
      SimulationResult on = runRandom(w, contended(device, 1, neverSlows), seed);
      SimulationResult unbound = runRandom(w, contended(device, 1e12,
          ContentionModel.maxMinFair()), seed);

      assertThat(on).as("seed %s", seed).isEqualTo(off);
      assertThat(unbound).as("seed %s", seed).isEqualTo(off);
      preempted += off.preemptions().isEmpty() ? 0 : 1;
    }
    assertThat(preempted).as("runs with preemptions").isGreaterThan(10);
  }

  @Test
  void contendedRunsAreDeterministicAndSlowerThanUncontendedOnes() {
    int slower = 0;
    for (long seed = 1; seed <= 40; seed++) {
      Workload w = randomWorkload(seed);
      DeviceSpec device = randomDevice(seed);
      HardwareModel hw = contended(device, 40, ContentionModel.maxMinFair());

      SimulationResult first = runRandom(w, hw, seed);
      SimulationResult second = runRandom(randomWorkload(seed), hw, seed);

      assertThat(second).as("seed %s", seed).isEqualTo(first);
      slower += first.makespanNs() > runRandom(w, Sim.hw(device), seed).makespanNs() ? 1 : 0;
    }
    assertThat(slower).as("runs that contention slowed").isGreaterThan(20);
  }
}
