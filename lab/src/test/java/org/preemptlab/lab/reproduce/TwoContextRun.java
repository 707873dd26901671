package org.preemptlab.lab.reproduce;

import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.discovery.PluginType;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.RunPlugins;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.engine.Simulator;
import org.preemptlab.runner.workload.SyntheticSpecs;
import org.preemptlab.runner.workload.SyntheticWorkload;

/**
 * The measurement's two-process set-up on the real {@code h200} model (h200-measurements.md, "How
 * it was measured"): context A fills every SM with blocks that spin far longer than a slice;
 * context B launches one tiny kernel at a time, synchronously, after a uniform random 0-3 ms pause
 * (a closed loop with that think time).
 *
 * @param threadsPerBlock A's threads per block
 * @param blocksPerSm A's blocks per SM
 * @param registersPerThread A's registers per thread
 * @param sharedMemoryPerBlock A's shared memory per block, bytes
 * @param priorityA the priority of A's queue
 */
record TwoContextRun(int threadsPerBlock, int blocksPerSm, int registersPerThread,
    int sharedMemoryPerBlock, String priorityA) {

  static final PluginRegistry REGISTRY = PluginRegistry.discover(Optional.empty());
  /** B's launches per run: enough switch-outs for stable percentiles, a fraction of a second. */
  static final int B_LAUNCHES = 25;

  /** The "light" variant: 2 blocks x 1,024 threads per SM, 24 registers, no shared memory. */
  static TwoContextRun light() {
    return new TwoContextRun(1024, 2, 24, 0, "NORMAL");
  }

  /** The "register-heavy" variant: 1 block x 256 threads per SM, 218 registers per thread. */
  static TwoContextRun registerHeavy() {
    return new TwoContextRun(256, 1, 218, 0, "NORMAL");
  }

  /** The "shared-memory-heavy" variant: 1 block x 1,024 threads, 227 KiB shared memory. */
  static TwoContextRun sharedMemoryHeavy() {
    return new TwoContextRun(1024, 1, 24, 232_448, "NORMAL");
  }

  /** One block of {@code threads} threads per SM, 24 registers, no shared memory. */
  static TwoContextRun threadsPerSm(int threads) {
    return new TwoContextRun(threads, 1, 24, 0, "NORMAL");
  }

  /** The same run with A's queue at another priority. */
  TwoContextRun withPriorityA(String priority) {
    return new TwoContextRun(threadsPerBlock, blocksPerSm, registersPerThread,
        sharedMemoryPerBlock, priority);
  }

  /**
   * The workload; A's blocks spin for 250 ms, longer than all of B's launches take even with
   * 5.2 ms slices.
   */
  Workload workload(long seed) {
    String yaml = """
        contexts: [{id: a}, {id: b}]
        queues:
          - id: spin
            context: a
            priority: %s
            jobs: 1
            arrival: {process: periodic, period: 1s}
            kernels:
              - name: spin
                grid-blocks: %d
                threads-per-block: %d
                registers-per-thread: %d
                shared-memory-per-block: %d
                block-time: 250ms
                program: {segments: [{kind: COMPUTE, share: 100%%}]}
          - id: tiny
            context: b
            jobs: %d
            arrival: {process: closed-loop, clients: 1, think-time: {uniform: [0, 3ms]}, start: 1ms}
            kernels:
              - {name: tiny, grid-blocks: 1, threads-per-block: 32, block-time: 500ns}
        """.formatted(priorityA, 132 * blocksPerSm, threadsPerBlock, registersPerThread,
        sharedMemoryPerBlock, B_LAUNCHES);
    return SyntheticWorkload.generate(SyntheticSpecs.fromYaml(yaml, "two-contexts.yaml"), seed);
  }

  /** The {@code h200} model with some parameters overridden. */
  static HardwareModel h200(Map<String, String> overrides) {
    return REGISTRY.create(PluginType.HARDWARE_MODEL, "h200", overrides, (HardwareModel) null,
        new SplittableRandom(1));
  }

  /**
   * Simulates the workload under {@code policy} with its parameters, logging A's switch-outs.
   *
   * @return the engine's result; {@code log} holds A's block-0 executions
   */
  SimulationResult run(HardwareModel hardware, String policy, Map<String, String> parameters,
      long seed, SwitchOutLog log) {
    SplittableRandom random = new SplittableRandom(seed);
    RunPlugins plugins = new RunPlugins(policy,
        engine -> REGISTRY.create(PluginType.SCHEDULING_POLICY, policy, parameters, hardware,
            random.split()),
        "block-boundary", REGISTRY.create(PluginType.PREEMPTION_STRATEGY, "block-boundary",
            Map.of(), hardware, random.split()),
        "full", REGISTRY.create(PluginType.CONTEXT_SAVE, "full", Map.of(), hardware,
            random.split()));
    return new Simulator(workload(seed), hardware, plugins, EngineOptions.defaults()).listen(log)
        .run();
  }
}
