package org.preemptlab.runner.report.trace;

import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.PluginProvider;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
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
import org.preemptlab.plugins.preemption.blockboundary.BlockBoundaryStrategyProvider;
import org.preemptlab.plugins.preemption.instructionlevel.InstructionLevelStrategyProvider;
import org.preemptlab.plugins.save.FullContextSaveProvider;
import org.preemptlab.policies.baseline.FifoPolicyProvider;
import org.preemptlab.policies.baseline.PriorityPolicyProvider;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.RunPlugins;
import org.preemptlab.engine.Simulator;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;

/**
 * Runs to draw timelines of: two hand-built scenarios with exact times (one SM, 1 ns per cycle)
 * and a small realistic run through {@link RunExecutor}.
 */
final class Scenarios {
  private Scenarios() {}

  static final RunExecutor EXECUTOR = new RunExecutor(PluginRegistry.discover(Optional.empty()));

  /**
   * A few ms of HIGH inference preempting LOW training in one context, and a batch context
   * time-sliced against it: blocks of every end, saves, restores, preemptions, context switches.
   */
  static final RunConfig SMALL = ConfigLoader.parse("""
      name: small-trace
      seed: 5
      policy: {id: priority, parameters: {preempt: true}}
      preemption: instruction-level
      context-save: full
      hardware: {id: h200, parameters: {time-slice: 200us}}
      workload:
        spec:
          duration: 4ms
          contexts: [{id: app, handles-yield: true}, {id: batch, handles-yield: true}]
          queues:
            - id: inference
              context: app
              priority: HIGH
              arrival: {process: poisson, mean-interval: 400us, start: 200us}
              kernels:
                - name: infer
                  grid-blocks: {uniform: [132, 264]}
                  threads-per-block: 128
                  idempotent: true
                  block-time: {uniform: [20us, 40us]}
            - id: training
              context: app
              priority: LOW
              serial: true
              jobs: 6
              arrival: {process: closed-loop, clients: 1, think-time: 10us}
              kernels:
                - name: gemm
                  grid-blocks: 264
                  threads-per-block: 256
                  registers-per-thread: 128
                  block-time: {uniform: [300us, 600us]}
            - id: batch
              context: batch
              priority: NORMAL
              serial: true
              jobs: 3
              arrival: {process: closed-loop, clients: 1, think-time: 10us}
              kernels:
                - name: reduce
                  grid-blocks: 132
                  threads-per-block: 256
                  block-time: {uniform: [200us, 400us]}
      """, "small-trace.yaml");

  /** The trace of {@link #SMALL}, and its outcome. */
  record Traced(byte[] json, RunOutcome outcome) {}

  static Traced small() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    RunOutcome outcome;
    try (TimelineWriter writer = new TimelineWriter(bytes, TraceLabels.of(SMALL))) {
      outcome = EXECUTOR.execute(SMALL, writer);
    }
    return new Traced(bytes.toByteArray(), outcome);
  }

  /**
   * One SM holding two LOW blocks (512 threads, 4 registers: 8192 B each), 1000 ns each; HIGH
   * (1024 threads, 200 ns) at 300 preempts them: signal 50, both stop at 350; one save of the SM
   * at 32 B/ns + 100 ns: 350 to 706 (first block), 350 to 962 (second). HIGH runs [962, 1162].
   * The LOW blocks restore [1162, 1310] (8192 / 64 + 20 ns) and run their 650 ns left: [1310,
   * 1960]. (The scenario of the engine's EngineListenerTest.)
   */
  static byte[] preemption() {
    DeviceSpec device = device(new DeviceCosts(0, 0, 50, 32, 100, 64, 20, 0,
        1_000_000_000L, 0), true);
    Workload workload = new Workload(List.of(new GpuContext("ctx", true)),
        List.of(queue("low", "ctx", Priority.LOW), queue("high", "ctx", Priority.HIGH)),
        List.of(Job.of(1, "low", 0, new Kernel("train", 2, 512, 4, 0, false,
                new BlockProgram(List.of(new Segment(SegmentKind.COMPUTE, 1000, 1000, 4, 0))),
                new BlockTiming.Exact())),
            Job.of(2, "high", 300, kernel("infer", 1024, 200))));
    return trace(workload, device, new PriorityPolicyProvider(), new InstructionLevelStrategyProvider());
  }

  /**
   * Two contexts that may not share the SM, one 12000 ns block (250 threads x 1 register = 1000
   * B) each; slice 10000, save 1 B/ns, restore 2 B/ns, switch 500: A runs [0, 10000]; switch
   * [10000, 11500]; B runs [11500, 21500]; switch [21500, 23000]; A restores [23000, 23500] and
   * runs [23500, 25500]; switch [25500, 26000]; B restores [26000, 26500], runs [26500, 28500].
   * (The scenario of the engine's TimeSliceTest.)
   */
  static byte[] timeSlicing() {
    DeviceSpec device = device(new DeviceCosts(0, 0, 0, 1, 0, 2, 0, 500, 10_000, 0), false);
    Workload workload = new Workload(List.of(new GpuContext("A", true), new GpuContext("B", true)),
        List.of(queue("qa", "A", Priority.NORMAL), queue("qb", "B", Priority.NORMAL)),
        List.of(Job.of(1, "qa", 0, kernel("a", 250, 12_000, 1)),
            Job.of(2, "qb", 0, kernel("b", 250, 12_000, 1))));
    return trace(workload, device, new FifoPolicyProvider(), new BlockBoundaryStrategyProvider());
  }

  private static byte[] trace(Workload workload, DeviceSpec device,
      PluginProvider<org.preemptlab.api.policy.SchedulingPolicy> policy,
      PluginProvider<org.preemptlab.api.preemption.PreemptionPointStrategy> preemption) {
    HardwareModel hardware = () -> device;
    RunPlugins plugins = new RunPlugins("policy", kind -> create(policy, device), "preemption",
        create(preemption, device), "full", create(new FullContextSaveProvider(), device));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (TimelineWriter writer = new TimelineWriter(bytes, Map.of("run", "scenario"))) {
      new Simulator(workload, hardware, plugins, EngineOptions.defaults()).listen(writer).run();
    }
    return bytes.toByteArray();
  }

  /** One SM of 1024 threads and 16 blocks at 1000 MHz (a cycle is a ns). */
  private static DeviceSpec device(DeviceCosts costs, boolean concurrentContexts) {
    return new DeviceSpec("test-gpu", 1, new SmSpec(1024, 16, 65536, 65536, 0), 1000, costs, true,
        concurrentContexts);
  }

  private static JobQueue queue(String id, String context, Priority priority) {
    return new JobQueue(id, context, priority, 1, EngineKind.COMPUTE, false);
  }

  private static Kernel kernel(String name, int threads, long ns) {
    return kernel(name, threads, ns, 0);
  }

  private static Kernel kernel(String name, int threads, long ns, int registers) {
    return new Kernel(name, 1, threads, registers, 0, false,
        BlockProgram.uniform(ns, registers, 0), new BlockTiming.Exact());
  }

  private static <T> T create(PluginProvider<T> provider, DeviceSpec device) {
    List<ParameterSpec> specs = provider.parameters();
    return provider.create(new PluginContext(Parameters.of(specs, Map.of()), device,
        new SplittableRandom(1)));
  }
}
