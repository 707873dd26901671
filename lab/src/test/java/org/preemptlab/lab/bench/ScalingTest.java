package org.preemptlab.lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The scaling report: one row per N, the parallel runs line; timings untested. */
class ScalingTest {

  @Test
  void scalingReportHasOneRowPerKernelCountAndTheParallelSpeedUp() {
    Scaling.Report report = Scaling.run(List.of(20, 200), 0, 1, 2, 20);

    assertThat(report.reports()).hasSize(2);
    assertThat(report.passed()).isTrue();
    assertThat(report.parallel().wallNsByThreads()).hasSize(2).allMatch(ns -> ns > 0);
    String text = Scaling.render(report);
    assertThat(text).contains("engine ns/block", "121,836", "parallel runs (2 engine runs of N = 20",
        "speed-up", "result: PASS");
  }

  @Test
  void benchReportsAllocationAndCpuTimeForBothImplementations() {
    Benchmark.Report report = Benchmark.run(new BenchSettings(200, 0, 2));

    for (Measurement m : List.of(report.baseline(), report.engine())) {
      assertThat(m.cpuNs()).as(m.name()).hasSize(2);
      assertThat(m.allocatedBytes()).as(m.name()).hasSize(2);
    }
    // The engine builds per-job state and records: it allocates, but far less than a block's worth
    // (a ResidentBlock is 40+ bytes) per block.
    assertThat(report.engine().allocatedBytesPerBlock()).isPositive().isLessThan(40);
    assertThat(Benchmark.render(report)).contains("allocated B/block", "run peak MiB",
        BenchTable.CPU_RATIO_LABEL);
  }
}
