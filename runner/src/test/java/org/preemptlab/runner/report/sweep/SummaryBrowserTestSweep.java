package org.preemptlab.runner.report.sweep;

import org.preemptlab.runner.experiment.sweep.SmallSweep;

/** A small sweep (4 configurations x 2 seeds, milliseconds per run) for the report tests. */
final class SummaryBrowserTestSweep {
  private SummaryBrowserTestSweep() {}

  /** The sweep file: fifo and priority x block-boundary and instruction-level. */
  static final String YAML = "name: browser\n" + SmallSweep.BASE + """
      vary:
        policy: [fifo, priority]
        preemption: [block-boundary, instruction-level]
      seeds: 2
      metrics: [turnaround-p99@queue=inference, deadline-misses@queue=inference,
                waiter-latency-p99]
      trade-offs:
        - {x: deadline-misses@queue=inference, y: turnaround-p99@queue=inference}
      """;
}
