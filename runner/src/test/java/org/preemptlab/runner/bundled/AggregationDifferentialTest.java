package org.preemptlab.runner.bundled;

import org.preemptlab.testkit.TestPlugins;
import org.preemptlab.api.preemption.ContextSaveStrategyProvider;
import org.preemptlab.api.preemption.PreemptionStrategyProvider;
import org.preemptlab.api.policy.SchedulingPolicyProvider;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SmSet;
import org.preemptlab.engine.EngineListener;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.RunPlugins;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.engine.Simulator;
import org.preemptlab.engine.SpatialSharing;

/**
 * Block aggregation ({@link EngineOptions#aggregateBlocks()}) changes nothing a run produces: over
 * seeded random workloads, devices, policies (preemptive ones included), preemption-point and
 * context-save strategies, time-sliced and concurrent contexts, with and without a subscriber to
 * every signal, with random credit limits, launch windows and batches and queues in order or
 * not, a run with aggregation gives the same result (jobs, preemptions, suspensions,
 * events, blocks, makespan, utilisation, policy decisions), the same signals in the same order
 * and the same error as the run without it. The runs group blocks and split groups, so the
 * comparison covers both paths.
 *
 * <p>It runs every bundled policy, preemption-point strategy and context save, so it lives in the
 * runner's tests, whose class path carries every plugin module (the engine's tests use none).
 */
class AggregationDifferentialTest {
  private static final List<String> PREEMPTION = List.of("block-boundary", "collaborative",
      "flush", "hybrid", "instruction-level", "user-yield");
  /** The preemption-point strategies that stop a block before its end (it resumes later). */
  private static final List<String> STOPPING = List.of("collaborative", "flush", "hybrid",
      "instruction-level");
  private static final List<String> SAVE = List.of("compressed", "full", "liveness", "none");

  /** The scheduling policies that run without a scheduler layer (not the DRM ones). */
  private static List<String> policies() {
    return TestPlugins.ids(SchedulingPolicyProvider.class).stream()
        .filter(id -> !id.startsWith("drm-")).toList();
  }

  @Test
  void runsWithAndWithoutAggregationAgreeOnEverythingTheyProduce() {
    List<String> policies = policies();
    assertThat(policies).hasSizeGreaterThan(10);
    long grouped = 0;
    long split = 0;
    int failedAlike = 0;
    for (int seed = 0; seed < 240; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      DeviceSpec device = randomDevice(random);
      Workload workload = randomWorkload(random);
      String policy = policies.get(seed % policies.size());
      Map<String, String> policyParameters = randomParameters(policy, random);
      String preemption = PREEMPTION.get(random.nextInt(PREEMPTION.size()));
      String save = SAVE.get(random.nextInt(SAVE.size()));
      boolean listen = random.nextBoolean();
      String what = "seed " + seed + ": " + policy + policyParameters + ", " + preemption + ", "
          + save + (device.concurrentContexts() ? ", concurrent contexts" : ", time-sliced")
          + (listen ? ", listened to" : "");

      int window = 1 + random.nextInt(6);
      EngineOptions options = new EngineOptions(random.nextInt(3) == 0 ? 2 : Integer.MAX_VALUE,
          true, window, 1 + random.nextInt(window), random.nextBoolean());
      what += ", " + options;

      Outcome on = agreeWithAndWithoutAggregation(what, workload, device, policy,
          policyParameters, preemption, save, listen, options, null);
      grouped += on.aggregation.groupedBlocks();
      split += on.aggregation.splitBlocks();
      failedAlike += on.error == null ? 0 : 1;
    }
    assertThat(grouped).as("blocks completed in groups").isGreaterThan(10_000);
    assertThat(split).as("group members split off by preemptions and switches")
        .isGreaterThan(100);
    assertThat(failedAlike).as("runs that failed (alike)").isLessThan(60);
  }

  /**
   * Waves on devices of 60 to 200 SMs (several words of the SM index per value), where a job's
   * fresh blocks are placed in one run ({@code SmArray.allocateRun}) with aggregation on and one
   * search per block without it: grids from one block to three waves (partial waves), several
   * kernels of different shapes interleaved, concurrent contexts as MPS clients (some below
   * normal), and partitions of the SMs by context and by queue (green contexts, masks), whose
   * restricted jobs are placed beside the unrestricted ones' runs.
   */
  @Test
  void wavesOnLargeDevicesWithPartitionsAgreeWithAndWithoutAggregation() {
    List<String> policies = policies();
    long grouped = 0;
    int partitioned = 0;
    for (int seed = 0; seed < 60; seed++) {
      SplittableRandom random = new SplittableRandom(1_000 + seed);
      DeviceSpec device = randomDevice(random, 60, 141);
      int smCount = device.smCount();
      Workload workload = randomWorkload(random, smCount);
      String policy = policies.get((3 * seed) % policies.size());
      Map<String, String> policyParameters = randomParameters(policy, random);
      String preemption = PREEMPTION.get(random.nextInt(PREEMPTION.size()));
      String save = SAVE.get(random.nextInt(SAVE.size()));
      boolean listen = random.nextBoolean();
      SpatialSharing sharing = randomSharing(random, workload, smCount);
      partitioned += sharing.contextPartitions().size() + sharing.queuePartitions().size();
      String what = "seed " + (1_000 + seed) + ": " + policy + policyParameters + ", "
          + preemption + ", " + save + ", " + smCount + " SMs, " + sharing
          + (listen ? ", listened to" : "");
      EngineOptions options = new EngineOptions(Integer.MAX_VALUE, true, 4, 1 + random.nextInt(4),
          random.nextBoolean());

      Outcome on = agreeWithAndWithoutAggregation(what, workload, device, policy,
          policyParameters, preemption, save, listen, options, sharing);
      grouped += on.aggregation.groupedBlocks();
    }
    assertThat(grouped).as("blocks completed in groups").isGreaterThan(10_000);
    assertThat(partitioned).as("partitions drawn").isGreaterThan(20);
  }

  /**
   * A high-priority queue of short kernels beside a low-priority one of waves of long blocks with
   * exact timing (serving beside training), under preemptive policies: the waves are preempted
   * again and again, and their blocks, stopped at one progress, resume together and complete in
   * groups with aggregation on, block by block without it; with it on, a wave's stop points, its
   * saves written at one instant and its split group's stale completions are each settled as one
   * run of events (EventRuns), and its blocks resume in one placement run. MPS clients on one
   * device without partitions (the path of an LLM server beside a training loop), MPS with random
   * partitions, or time-sliced contexts; every preemption-point strategy and context save.
   */
  @Test
  void preemptedWavesResumeInGroupsAndAgreeWithAndWithoutAggregation() {
    List<String> preemptive = policies().stream()
        .filter(id -> TestPlugins.provider(SchedulingPolicyProvider.class, id).parameters()
            .stream().anyMatch(p -> p.name().equals("preempt")))
        .toList();
    assertThat(preemptive).hasSizeGreaterThan(2);
    long resumed = 0;
    long split = 0;
    long blockEvents = 0;
    long saves = 0;
    for (int seed = 0; seed < 60; seed++) {
      SplittableRandom random = new SplittableRandom(2_000 + seed);
      DeviceSpec device = randomDevice(random, 8, 113);
      int smCount = device.smCount();
      Workload workload = servingBesideTraining(random, device);
      String policy = seed % 3 > 0 ? "priority" : preemptive.get(seed % preemptive.size());
      Map<String, String> policyParameters = Map.of("preempt", "true");
      String preemption = STOPPING.get(random.nextInt(STOPPING.size()));
      String save = SAVE.get(random.nextInt(SAVE.size()));
      boolean listen = random.nextInt(4) == 0;
      int kind = random.nextInt(4);
      SpatialSharing sharing = kind < 2 ? new SpatialSharing(true, Map.of(), Map.of(), Set.of())
          : kind == 2 ? randomSharing(random, workload, smCount)
          : new SpatialSharing(false, Map.of(), Map.of(), Set.of());
      String what = "seed " + (2_000 + seed) + ": " + policy + ", " + preemption + ", " + save
          + ", " + smCount + " SMs, " + sharing + (listen ? ", listened to" : "");
      EngineOptions options = new EngineOptions(Integer.MAX_VALUE, true, 4, 1 + random.nextInt(4),
          random.nextBoolean());

      Outcome on = agreeWithAndWithoutAggregation(what, workload, device, policy,
          policyParameters, preemption, save, listen, options, sharing);
      resumed += on.aggregation.resumedMembers();
      split += on.aggregation.splitBlocks();
      blockEvents += on.aggregation.blockEventsInRuns();
      saves += on.aggregation.savesInRuns();
    }
    assertThat(resumed).as("resumed blocks that joined a group").isGreaterThan(1_000);
    assertThat(split).as("group members split off by preemptions").isGreaterThan(1_000);
    assertThat(blockEvents).as("stop points, flushes and split members' completions settled in"
        + " runs").isGreaterThan(10_000);
    assertThat(saves).as("saves written settled in runs").isGreaterThan(1_000);
  }

  /**
   * Two contexts: a low-priority queue of kernels of one to three waves of long blocks with exact
   * timing, each block taking half or all of an SM's threads (so that a wave fills the device),
   * and a high-priority queue of short kernels submitted every few microseconds.
   */
  private static Workload servingBesideTraining(SplittableRandom random, DeviceSpec device) {
    int smCount = device.smCount();
    int perSm = 1 + random.nextInt(2);
    List<GpuContext> contexts = List.of(new GpuContext("training", false),
        new GpuContext("serving", false));
    List<JobQueue> queues = List.of(
        new JobQueue("train", "training", Priority.LOW, 1, EngineKind.COMPUTE, true),
        new JobQueue("serve", "serving", Priority.HIGH, 1 + random.nextInt(2), EngineKind.COMPUTE,
            random.nextBoolean()));
    List<Kernel> training = new ArrayList<>();
    for (int k = 0; k < 1 + random.nextInt(3); k++) {
      Kernel drawn = randomKernel("t" + k, random, smCount);
      List<Segment> longer = drawn.program().segments().stream()
          .map(seg -> new Segment(seg.kind(), 10 * seg.instructions(), 10 * seg.durationNs(),
              seg.liveRegistersPerThread(), seg.liveSharedMemoryBytes()))
          .toList();
      training.add(new Kernel(drawn.name(), perSm * smCount * (1 + random.nextInt(3))
          - random.nextInt(smCount), device.sm().maxThreads() / perSm, 16, 0, drawn.idempotent(),
          new BlockProgram(longer), new BlockTiming.Exact()));
    }
    List<Kernel> serving = new ArrayList<>();
    for (int k = 0; k < 1 + random.nextInt(3); k++) {
      serving.add(randomKernel("s" + k, random, Math.max(1, smCount / 4)));
    }
    List<Job> jobs = new ArrayList<>();
    int id = 0;
    for (int j = 0; j < 4 + random.nextInt(8); j++) {
      jobs.add(new Job(id++, "train", 0, 1, List.of(), Job.NO_DEADLINE, 0,
          training.get(random.nextInt(training.size()))));
    }
    long submit = 0;
    for (int j = 0; j < 40 + random.nextInt(40); j++) {
      submit += 2_000 + random.nextInt(20_000);
      jobs.add(new Job(id++, "serve", submit, 1, List.of(), Job.NO_DEADLINE, 0,
          serving.get(random.nextInt(serving.size()))));
    }
    return new Workload(contexts, queues, jobs);
  }

  /**
   * Concurrent contexts sharing the SMs (MPS) or time-sliced; about half the contexts and a
   * quarter of the queues confined to a random range of SMs, and a context below normal now and
   * then.
   */
  private static SpatialSharing randomSharing(SplittableRandom random, Workload workload,
      int smCount) {
    Map<String, SmSet> contexts = new HashMap<>();
    Map<String, SmSet> queues = new HashMap<>();
    java.util.Set<String> below = new java.util.HashSet<>();
    for (GpuContext context : workload.contexts()) {
      if (random.nextBoolean()) {
        int from = random.nextInt(smCount);
        contexts.put(context.id(), SmSet.range(from, from + 1 + random.nextInt(smCount - from)));
      }
      if (random.nextInt(4) == 0) {
        below.add(context.id());
      }
    }
    for (JobQueue queue : workload.queues()) {
      if (random.nextInt(4) == 0) {
        int from = random.nextInt(smCount);
        queues.put(queue.id(), SmSet.range(from, from + 1 + random.nextInt(smCount - from)));
      }
    }
    return new SpatialSharing(random.nextInt(3) > 0, contexts, queues, below);
  }

  private record Outcome(SimulationResult result, List<String> signals, String error,
      Simulator.Aggregation aggregation) {}

  /**
   * Runs a workload without aggregation and with it ({@code options} as drawn), asserts equal
   * errors, results and signals and that the run without it grouped nothing; returns the run with
   * it.
   */
  private static Outcome agreeWithAndWithoutAggregation(String what, Workload workload,
      DeviceSpec device, String policy, Map<String, String> policyParameters, String preemption,
      String save, boolean listen, EngineOptions options, SpatialSharing sharing) {
    Outcome off = run(workload, device, policy, policyParameters, preemption, save, listen,
        options.withAggregateBlocks(false), sharing);
    Outcome on = run(workload, device, policy, policyParameters, preemption, save, listen,
        options, sharing);

    assertThat(on.error).as(what).isEqualTo(off.error);
    assertThat(on.result).as(what).isEqualTo(off.result);
    assertThat(on.signals).as(what).isEqualTo(off.signals);
    assertThat(off.aggregation.groupedBlocks()).as(what).isZero();
    assertThat(off.aggregation.resumedMembers()).as(what).isZero();
    assertThat(off.aggregation.blockEventsInRuns()).as(what).isZero();
    assertThat(off.aggregation.savesInRuns()).as(what).isZero();
    return on;
  }

  private static Outcome run(Workload workload, DeviceSpec device, String policy,
      Map<String, String> policyParameters, String preemption, String save, boolean listen,
      EngineOptions options, SpatialSharing sharing) {
    RunPlugins plugins = new RunPlugins(policy,
        kind -> TestPlugins.create(TestPlugins.provider(SchedulingPolicyProvider.class, policy),
            device, policyParameters),
        preemption, TestPlugins.create(
            TestPlugins.provider(PreemptionStrategyProvider.class, preemption), device),
        save, TestPlugins.create(TestPlugins.provider(ContextSaveStrategyProvider.class, save),
            device));
    List<String> signals = new ArrayList<>();
    Simulator simulator = null;
    try {
      simulator = new Simulator(workload, () -> device, plugins, options);
      if (sharing != null) {
        simulator.withSharing(sharing);
      }
      if (listen) {
        simulator.listen(new SignalLog(signals));
      }
      return new Outcome(simulator.run(), signals, null, simulator.aggregation());
    } catch (RuntimeException e) { // a plugin refusing the workload, a broken rule: alike
      return new Outcome(null, signals, e.getClass().getName() + ": " + e.getMessage(),
          simulator == null ? new Simulator.Aggregation(0, 0, 0, 0, 0) : simulator.aggregation());
    }
  }

  /** Preemptive variants where a policy has them. */
  private static Map<String, String> randomParameters(String policy, SplittableRandom random) {
    Map<String, String> values = new HashMap<>();
    for (ParameterSpec parameter : TestPlugins.provider(SchedulingPolicyProvider.class, policy)
        .parameters()) {
      switch (parameter.name()) {
        case "preempt" -> values.put("preempt", String.valueOf(random.nextInt(4) > 0));
        case "level" -> values.put("level", String.valueOf(1 + random.nextInt(3)));
        default -> { }
      }
    }
    return values;
  }

  /** A device of {@code minSms} plus up to {@code moreSms - 1} SMs with a random SM and costs. */
  private static DeviceSpec randomDevice(SplittableRandom random, int minSms, int moreSms) {
    DeviceSpec small = randomDevice(random);
    int smCount = minSms + random.nextInt(moreSms);
    return new DeviceSpec("test-gpu", smCount, small.sm(), 1000, small.costs(), true,
        random.nextInt(4) > 0);
  }

  private static DeviceSpec randomDevice(SplittableRandom random) {
    SmSpec sm = new SmSpec(1024 * (1 + random.nextInt(2)), 4 + random.nextInt(13), 65536,
        32768 + random.nextInt(4) * 16384, random.nextInt(2) * 1024);
    // launch, dispatch, signal, save bandwidth and fixed, restore bandwidth and fixed, context
    // switch, time slice; 1 GHz (one cycle is one ns)
    DeviceCosts costs = new DeviceCosts(random.nextInt(3) * 500, random.nextInt(3) * 7,
        random.nextInt(4) * 100, 1 + random.nextInt(64), random.nextInt(3) * 300,
        1 + random.nextInt(64), random.nextInt(3) * 200, random.nextInt(3) * 250,
        2_000 + random.nextInt(20_000), 0);
    return new DeviceSpec("test-gpu", 1 + random.nextInt(8), sm, 1000, costs, true,
        random.nextInt(3) > 0);
  }

  private static Workload randomWorkload(SplittableRandom random) {
    return randomWorkload(random, 20);
  }

  /** A workload whose kernels have 1 to {@code 3 * maxGrid} blocks. */
  private static Workload randomWorkload(SplittableRandom random, int maxGrid) {
    int contexts = 1 + random.nextInt(3);
    List<GpuContext> contextList = new ArrayList<>();
    for (int c = 0; c < contexts; c++) {
      contextList.add(new GpuContext("ctx" + c, random.nextBoolean()));
    }
    int queues = 1 + random.nextInt(4);
    List<JobQueue> queueList = new ArrayList<>();
    Priority[] priorities = Priority.values();
    for (int q = 0; q < queues; q++) {
      queueList.add(new JobQueue("q" + q, "ctx" + random.nextInt(contexts),
          priorities[random.nextInt(priorities.length)], 1 + random.nextInt(3), EngineKind.COMPUTE,
          random.nextInt(4) == 0));
    }
    List<Kernel> kernels = new ArrayList<>();
    for (int k = 0; k < 1 + random.nextInt(5); k++) {
      kernels.add(randomKernel("k" + k, random, maxGrid));
    }
    List<Job> jobs = new ArrayList<>();
    int count = 3 + random.nextInt(25);
    long submit = 0;
    for (int j = 0; j < count; j++) {
      submit += random.nextInt(4) == 0 ? 0 : random.nextInt(3_000);
      long deadline = random.nextInt(3) == 0 ? submit + 1_000 + random.nextInt(20_000)
          : Job.NO_DEADLINE;
      jobs.add(new Job(j, queueList.get(random.nextInt(queues)).id(), submit, 1, List.of(),
          deadline, 0, kernels.get(random.nextInt(kernels.size()))));
    }
    List<GpuContext> used = contextList.stream()
        .filter(c -> queueList.stream().anyMatch(q -> q.contextId().equals(c.id()))).toList();
    return new Workload(used, queueList, jobs);
  }

  private static Kernel randomKernel(String name, SplittableRandom random, int maxGrid) {
    List<Segment> segments = new ArrayList<>();
    SegmentKind[] kinds = SegmentKind.values();
    for (int s = 0; s < 1 + random.nextInt(4); s++) {
      long ns = 20 + random.nextInt(1_500);
      segments.add(new Segment(kinds[random.nextInt(kinds.length)], ns, ns,
          random.nextInt(32), 0));
    }
    int threads = 32 << random.nextInt(5);
    int registers = 8 + random.nextInt(48);
    BlockTiming timing = random.nextInt(4) == 0
        ? new BlockTiming.UniformJitter(0.2, random.nextLong()) : new BlockTiming.Exact();
    return new Kernel(name, 1 + random.nextInt(3 * maxGrid), threads, registers, random.nextInt(3) * 4096,
        random.nextBoolean(), new BlockProgram(segments), timing);
  }

  /** Writes down every signal with every argument, in order. */
  private record SignalLog(List<String> log) implements EngineListener {
    @Override
    public void jobSubmitted(long timeNs, JobView job) {
      log.add("submitted " + timeNs + " " + job.job().id());
    }

    @Override
    public void jobDispatched(long timeNs, JobView job) {
      log.add("dispatched " + timeNs + " " + job.job().id());
    }

    @Override
    public void jobFinished(long timeNs, JobView job) {
      log.add("finished " + timeNs + " " + job.job().id() + " attained " + job.attainedGpuNs());
    }

    @Override
    public void blockExecuted(int sm, int slot, JobView job, int blockIndex, long startNs,
        long endNs, BlockEnd end) {
      log.add("block " + sm + "/" + slot + " " + job.job().id() + "#" + blockIndex + " "
          + startNs + "-" + endNs + " " + end + " resident " + job.residentBlocks());
    }

    @Override
    public void contextSaved(int sm, int slot, JobView job, int blockIndex, long startNs,
        long endNs, long bytes) {
      log.add("saved " + sm + "/" + slot + " " + job.job().id() + "#" + blockIndex + " "
          + startNs + "-" + endNs + " " + bytes);
    }

    @Override
    public void contextRestored(int sm, int slot, JobView job, int blockIndex, long startNs,
        long endNs, long bytes) {
      log.add("restored " + sm + "/" + slot + " " + job.job().id() + "#" + blockIndex + " "
          + startNs + "-" + endNs + " " + bytes);
    }

    @Override
    public void preemptionRequested(long timeNs, JobView victim) {
      log.add("preempt " + timeNs + " " + victim.job().id());
    }

    @Override
    public void contextSwitched(long startNs, long endNs, String from, String to) {
      log.add("switch " + startNs + "-" + endNs + " " + from + ">" + to);
    }

    @Override
    public void engineLoad(long timeNs, EngineKind engine, int readyJobs, int dispatchedJobs) {
      log.add("load " + timeNs + " " + engine + " " + readyJobs + "/" + dispatchedJobs);
    }
  }
}
