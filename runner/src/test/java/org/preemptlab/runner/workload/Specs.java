package org.preemptlab.runner.workload;

/** YAML specs shared by the workload tests. */
final class Specs {
  private Specs() {}

  /** A valid spec with two queues; line numbers matter to the error tests. */
  static final String TWO_QUEUES = """
      duration: 20ms
      contexts:
        - id: app
          handles-yield: true
      queues:
        - id: infer
          context: app
          priority: HIGH
          credits: 1
          arrival:
            process: poisson
            mean-interval: 500us
          kernels:
            - name: small
              grid-blocks: {uniform: [100, 300]}
              threads-per-block: 128
              block-time: {choice: [20us, 40us]}
              jitter: 0.1
        - id: train
          context: app
          priority: LOW
          serial: true
          arrival:
            process: closed-loop
            think-time: 10us
          jobs: 10
          kernels:
            - name: gemm
              grid-blocks: 264
              threads-per-block: 256
              registers-per-thread: 128
              shared-memory-per-block: 64KiB
              block-time: {uniform: [300us, 800us]}
      """;

  /** The {@link #TWO_QUEUES} spec with {@code from} replaced by {@code to} (must occur once). */
  static String twoQueuesWith(String from, String to) {
    int at = TWO_QUEUES.indexOf(from);
    if (at < 0 || TWO_QUEUES.indexOf(from, at + 1) >= 0) {
      throw new IllegalArgumentException("'" + from + "' must occur exactly once");
    }
    return TWO_QUEUES.replace(from, to);
  }
}
