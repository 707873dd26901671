package org.preemptlab.lab.reproduce;

import org.preemptlab.runner.experiment.WorkloadConfig;
import org.preemptlab.runner.workload.SyntheticSpecs;

/**
 * The synthetic workloads of the seed-claims check (docs/reproductions/
 * seed-claims.md explains every number). All run in one context that handles user yields, so
 * the device never time-slices and every preemption comes from the priority policy: a HIGH
 * inference queue whose kernel needs one block slot on every SM preempts a LOW victim that holds
 * every SM's registers.
 */
final class GranularityWorkloads {
  /**
   * Per-thread instruction rate of the victims: an H200 SM issues 4 warp-instructions per cycle
   * (4 schedulers) at 1.98 GHz, shared by the 16 resident warps of two 256-thread blocks, so each
   * thread retires about 0.5 instructions per ns.
   */
  static final double INSTRUCTIONS_PER_NS = 0.5;
  /** Length of one pass of the GEMM-like victim's loop. */
  static final long ITERATION_NS = 20_000;

  private static final String URGENT = """
        - id: inference
          context: app
          priority: HIGH
          arrival: {process: poisson, mean-interval: 2ms, start: 1ms}
          kernels:
            - {name: infer, grid-blocks: 132, threads-per-block: 128, registers-per-thread: 32, block-time: 20us}
      """;

  private static final String GEMM = """
      duration: 30ms
      contexts: [{id: app, handles-yield: true}]
      queues:
      {{URGENT}}
        - id: victim
          context: app
          priority: LOW
          serial: true
          jobs: {{JOBS}}
          arrival: {process: closed-loop, clients: 1}
          kernels:
            - name: gemm
              grid-blocks: 264
              threads-per-block: 256
              registers-per-thread: 128
              shared-memory-per-block: 64KiB
              block-time: {uniform: [2ms, 6ms]}
              instructions-per-ns: 0.5
              program:
                iteration: 20us
                segments:
                  - {kind: GLOBAL_MEMORY, share: 20%, live-registers: 64, live-shared: 0}
                  - {kind: SHARED_MEMORY, share: 5%, live-registers: 96}
                  - {kind: BARRIER, live-registers: 96}
                  - {kind: COMPUTE, share: 65%}
                  - {kind: GLOBAL_MEMORY, share: 10%, live-registers: 32, live-shared: 0}
      """;

  /** One forward layer: load, stage, sync, compute, store, then a yield point between layers. */
  private static final String FORWARD_LAYER = """
                  - {kind: GLOBAL_MEMORY, duration: 40us, instructions: 20000, live-registers: 64, live-shared: 0}
                  - {kind: SHARED_MEMORY, duration: 10us, instructions: 5000, live-registers: 96}
                  - {kind: BARRIER, live-registers: 96}
                  - {kind: COMPUTE, duration: 200us, instructions: 100000}
                  - {kind: GLOBAL_MEMORY, duration: 30us, instructions: 15000, live-registers: 32, live-shared: 0}
                  - {kind: YIELD_POINT, duration: 1us, instructions: 500, live-registers: 0, live-shared: 0}
      """;

  /** One backward layer: as a forward layer with twice the compute (gradients of input and weights). */
  private static final String BACKWARD_LAYER = """
                  - {kind: GLOBAL_MEMORY, duration: 40us, instructions: 20000, live-registers: 64, live-shared: 0}
                  - {kind: SHARED_MEMORY, duration: 10us, instructions: 5000, live-registers: 96}
                  - {kind: BARRIER, live-registers: 96}
                  - {kind: COMPUTE, duration: 400us, instructions: 200000}
                  - {kind: GLOBAL_MEMORY, duration: 30us, instructions: 15000, live-registers: 32, live-shared: 0}
                  - {kind: YIELD_POINT, duration: 1us, instructions: 500, live-registers: 0, live-shared: 0}
      """;

  /** The optimizer step that ends a batch, then the yield point between batches. */
  private static final String OPTIMIZER = """
                  - {kind: GLOBAL_MEMORY, duration: 60us, instructions: 30000, live-registers: 32, live-shared: 0}
                  - {kind: YIELD_POINT, duration: 1us, instructions: 500, live-registers: 0, live-shared: 0}
      """;

  private static final String TRAINING = """
      duration: 30ms
      contexts: [{id: app, handles-yield: true}]
      queues:
      {{URGENT}}
        - id: training
          context: app
          priority: LOW
          serial: true
          jobs: {{JOBS}}
          arrival: {process: closed-loop, clients: 1}
          kernels:
            - name: train-step
              grid-blocks: 264
              threads-per-block: 256
              registers-per-thread: 128
              shared-memory-per-block: 64KiB
              program:
                iterations: 2
                segments:
      {{LAYERS}}
      """;

  private GranularityWorkloads() {}

  /**
   * The GEMM-like victim: two 256-thread blocks of 128 registers and 64 KiB per SM (all registers
   * of every SM), 2-6 ms per block, a 20 us loop of loads, shared-memory staging, a barrier,
   * compute and stores; with the inference queue when {@code withUrgent}.
   */
  static WorkloadConfig gemm(boolean withUrgent) {
    return config(GEMM.replace("{{URGENT}}", withUrgent ? URGENT : "")
        .replace("{{JOBS}}", withUrgent ? "8" : "3"), "gemm");
  }

  /**
   * A DL training step per kernel: each block runs its share of 3 forward and 3 backward layers
   * and an optimizer step for 2 batches (4.694 ms nominal), with a yield point after every layer and
   * after every batch; with the inference queue when {@code withUrgent}.
   */
  static WorkloadConfig training(boolean withUrgent) {
    String layers = FORWARD_LAYER.repeat(3) + BACKWARD_LAYER.repeat(3) + OPTIMIZER;
    return config(TRAINING.replace("{{URGENT}}", withUrgent ? URGENT : "")
        .replace("{{JOBS}}", withUrgent ? "6" : "2").replace("{{LAYERS}}", layers), "training");
  }

  private static WorkloadConfig config(String yaml, String name) {
    String clean = yaml.lines().filter(line -> !line.isBlank())
        .collect(java.util.stream.Collectors.joining("\n"));
    return new WorkloadConfig(null, null,
        SyntheticSpecs.fromYaml(clean, "seed-granularity/" + name + ".yaml"));
  }
}
