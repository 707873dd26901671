package org.preemptlab.runner.experiment.sweep;

/** The base of the small sweeps the sweep, cluster and report tests run (milliseconds a run). */
public final class SmallSweep {
  private SmallSweep() {}

  /**
   * A sweep file's {@code base:} section: HIGH-priority inference (Poisson, 200-block kernels, a
   * 200 us deadline) against four LOW-priority training GEMMs with yield points, over 2 ms.
   */
  public static final String BASE = """
      base:
        policy: {id: priority, parameters: {preempt: true}}
        workload:
          spec:
            duration: 2ms
            contexts: [{id: app, handles-yield: true}]
            queues:
              - id: inference
                context: app
                priority: HIGH
                deadline: 200us
                arrival: {process: poisson, mean-interval: 300us, start: 100us}
                kernels:
                  - {name: infer, grid-blocks: 200, threads-per-block: 128, block-time: 20us}
              - id: training
                context: app
                priority: LOW
                serial: true
                jobs: 4
                arrival: {process: closed-loop, clients: 1, think-time: 10us}
                kernels:
                  - name: gemm
                    grid-blocks: 264
                    threads-per-block: 256
                    registers-per-thread: 128
                    shared-memory-per-block: 16KiB
                    block-time: {uniform: [200us, 400us]}
                    program:
                      iteration: 100us
                      segments:
                        - {kind: COMPUTE, share: 100%, live-registers: 64}
                        - {kind: YIELD_POINT, duration: 500ns, live-registers: 8, live-shared: 0}
      """;
}
