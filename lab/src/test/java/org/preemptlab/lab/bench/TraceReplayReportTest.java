package org.preemptlab.lab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class TraceReplayReportTest {

  private static TraceReplayRate.Report report(List<Long> cpu, List<Long> thread,
      List<Long> offThread) {
    List<Long> wall = List.of(5_000_000L, 6_000_000L, 7_000_000L);
    return new TraceReplayRate.Report(Path.of("t.json"), "pytorch-trace", "h200", 0, wall, cpu,
        4_000_000, 1_000, 10, true, 1_010, wall, cpu, thread, offThread, 0);
  }

  @Test
  void theRatePerProcessCpuSecondIsTakenOverAllMeasuredRunsOnceTheyAddUpToASecond() {
    TraceReplayRate.Report enough = report(List.of(400_000_000L, 300_000_000L, 500_000_000L),
        List.of(1L, 1L, 1L), List.of(1L, 1L, 1L));
    TraceReplayRate.Report tooLittle = report(List.of(10_000_000L, 0L, 10_000_000L),
        List.of(1L, 1L, 1L), List.of(1L, 1L, 1L));

    assertThat(enough.blocksPerCpuSecond()).isCloseTo(1_000 * 3 / 1.2, within(1e-9));
    assertThat(tooLittle.blocksPerCpuSecond()).isNaN();
  }

  @Test
  void theAggregationSpeedUpInCpuTimeComparesTheReplayingThreadsMedians() {
    TraceReplayRate.Report report = report(List.of(10_000_000L, 10_000_000L, 10_000_000L),
        List.of(2_000_000L, 3_000_000L, 9_000_000L), List.of(6_000_000L, 7_500_000L, 1L));

    assertThat(report.aggregationCpuSpeedup()).isCloseTo(2.0, within(1e-12));
  }
}
