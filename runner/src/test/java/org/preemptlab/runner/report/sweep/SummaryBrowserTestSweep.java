package org.preemptlab.runner.report.sweep;

/** A small sweep (4 configurations x 2 seeds, milliseconds per run) for the report tests. */
final class SummaryBrowserTestSweep {
  private SummaryBrowserTestSweep() {}

  /** The sweep file: fifo and priority x block-boundary and instruction-level. */
  static final String YAML = """
      name: browser
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
      vary:
        policy: [fifo, priority]
        preemption: [block-boundary, instruction-level]
      seeds: 2
      metrics: [turnaround-p99@queue=inference, deadline-misses@queue=inference,
                waiter-latency-p99]
      """;
}
